import type { Logger } from './logger.js';

/** Runs the given steps once on SIGTERM/SIGINT, then exits; a second signal exits at once. */
export function onShutdown(logger: Logger, steps: () => Promise<void>, timeoutMs = 10_000): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, timeoutMs);
    force.unref();
    steps().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
