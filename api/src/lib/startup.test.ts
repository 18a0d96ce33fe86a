import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { StartupError } from './start.js';
import { ensureWritableDir } from './writable-dir.js';
import { merchantFacingMessage, CONTENT_SAVE_FAILED_MESSAGE } from './system-error.js';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A directory nobody can create, even as root: a path under a regular file. */
function unwritableDir(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'lamha-ro-')), 'not-a-dir');
  writeFileSync(file, '');
  return path.join(file, 'data');
}

describe('an unwritable DATA_DIR', () => {
  it('is one clear error naming the directory', () => {
    const dir = unwritableDir();
    expect(() => ensureWritableDir('DATA_DIR', dir)).toThrow(StartupError);
    expect(() => ensureWritableDir('DATA_DIR', dir)).toThrow(
      new RegExp(`^DATA_DIR ${dir.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is not writable \\(ENOTDIR\\)`),
    );
  });

  it('stops the API process with that one line and no stack trace', () => {
    const dir = unwritableDir();
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: apiDir,
      env: { PATH: process.env.PATH, DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toEqual([expect.stringContaining(`DATA_DIR ${dir} is not writable`)]);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 90_000);
});

describe('system failures shown to merchants', () => {
  it('are a generic message; other failures keep theirs', () => {
    const enospc = Object.assign(new Error("ENOSPC: no space left on device, write '/data/media/x.webp'"), {
      code: 'ENOSPC',
      syscall: 'write',
    });
    expect(merchantFacingMessage(enospc)).toBe(CONTENT_SAVE_FAILED_MESSAGE);
    expect(merchantFacingMessage(new Error('Instagram says the account is private'))).toBe(
      'Instagram says the account is private',
    );
  });
});
