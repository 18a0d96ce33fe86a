import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppStartError, startApp } from '../src/harness.js';

/** Whether a process with this id is still there (signal 0 only asks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the e2e harness', () => {
  it('stops the app it spawned, and removes its data, when the app does not start in time', async () => {
    const failure = await startApp({}, { startTimeoutMs: 1 }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AppStartError);
    const { message, pid, dataDir } = failure as AppStartError;
    expect(message).toMatch(/did not start in 0.001 s/);
    expect(pid).toEqual(expect.any(Number));
    expect(alive(pid!)).toBe(false);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('says why, and leaves nothing behind, when the app exits before starting', async () => {
    const failure = await startApp({ PORT: 'not-a-port' }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AppStartError);
    const { message, pid, dataDir } = failure as AppStartError;
    expect(message).toMatch(/app exited with 1 before starting/);
    expect(message).toMatch(/PORT/);
    expect(alive(pid!)).toBe(false);
    expect(existsSync(dataDir)).toBe(false);
  });
});
