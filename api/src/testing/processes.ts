import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The process kinds a multi-process run starts: the API alone, or the cron process alone. */
export type ProcessKind = 'api' | 'cron';

const ENTRIES: Record<ProcessKind, { dist: string; source: string; ready: RegExp }> = {
  api: {
    dist: 'api/dist/main.js',
    source: 'api/src/main.ts',
    ready: /API listening on (http:\/\/[\w.:[\]-]+)/,
  },
  cron: { dist: 'cron/dist/main.js', source: 'cron/src/main.ts', ready: /cron started/ },
};

export interface StartedProcess {
  kind: ProcessKind;
  child: ChildProcess;
  /** The API's address (API processes only). */
  url?: string;
  exited: Promise<number | null>;
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code (null when killed). */
  stop(graceMs?: number): Promise<number | null>;
}

/**
 * Starts an API or cron process as production runs it: the built bundle when there is one (`npm run
 * build`), else the TypeScript source through tsx. The environment is exactly `env` plus PATH. Resolves
 * once the process says it is ready (its signal handlers are in place by then).
 * `fromSource` runs the TypeScript source even when a bundle exists: a unit test checks the code as it is
 * now, not the last build.
 */
export async function startProcess(
  kind: ProcessKind,
  env: Record<string, string>,
  options: { startTimeoutMs?: number; fromSource?: boolean } = {},
): Promise<StartedProcess> {
  const entry = ENTRIES[kind];
  const built = !options.fromSource && existsSync(path.join(repoRoot, entry.dist));
  const args = built ? [entry.dist] : ['--import', 'tsx', entry.source];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const timeoutMs = options.startTimeoutMs ?? 120_000;
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${kind} did not start in time:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // Keep the tail only: a long run must not hold every log line.
      if (output.length > 200_000) output = output.slice(-100_000);
      const m = entry.ready.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${kind} exited with ${code} before starting:\n${output}`));
    });
  });
  return {
    kind,
    child,
    ...(kind === 'api' ? { url: match[1] } : {}),
    exited,
    output: () => output,
    stop: async (graceMs = 30_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** A port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
