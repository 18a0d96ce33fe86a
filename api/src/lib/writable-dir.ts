import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StartupError } from './start.js';

/**
 * Makes sure a configured directory exists and takes a file, before anything else writes there. A
 * read-only DATA_DIR used to end in a stack trace about an unrelated ENOENT deep inside the database.
 */
export function ensureWritableDir(variable: string, dir: string): void {
  if (dir.startsWith('memory://')) return;
  const absolute = path.resolve(dir);
  const probe = path.join(absolute, `.write-probe-${process.pid}`);
  try {
    mkdirSync(absolute, { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new StartupError(
      `${variable} ${absolute} is not writable (${code}): point ${variable} at a directory this process can write, or fix its permissions.`,
    );
  }
}
