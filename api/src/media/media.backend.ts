import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/** One stored object as a listing sees it. */
export interface MediaObjectInfo {
  name: string;
  bytes: number;
  modifiedAt: Date;
}

/**
 * Where the media store keeps its bytes: a directory (`MEDIA_STORE=local`) or an S3-compatible bucket
 * (`MEDIA_STORE=s3`). Names are flat (`<hash>-640.webp`, `<hash>.json`); a write is all or nothing, so a
 * reader never sees half an object.
 */
export interface MediaBackend {
  readonly kind: 'local' | 's3';
  /** A whole object (small ones: manifests); undefined when absent. */
  read(name: string): Promise<Buffer | undefined>;
  exists(name: string): Promise<boolean>;
  write(name: string, data: Buffer, contentType: string): Promise<void>;
  /** True when something was removed. */
  remove(name: string): Promise<boolean>;
  /** Every object, in no particular order. */
  list(): AsyncIterable<MediaObjectInfo>;
}

// `.<name>.<host>_<pid>.<random>.tmp`: the writer's host and pid tell a crashed writer's file from a live one's.
const TEMP_PATTERN = /^\.(.+)\.([a-z0-9-]{1,63})_(\d+)\.[0-9a-f]{12}\.tmp$/;
const thisHost = hostname()
  .toLowerCase()
  .replace(/[^a-z0-9-]/g, '-')
  .slice(0, 63);

/** Today's behaviour: files in one directory, written to a temporary name and renamed into place. */
export class LocalMediaBackend implements MediaBackend {
  readonly kind = 'local';

  constructor(readonly dir: string) {}

  async read(name: string): Promise<Buffer | undefined> {
    try {
      return await readFile(path.join(this.dir, name));
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
  }

  async exists(name: string): Promise<boolean> {
    try {
      return (await stat(path.join(this.dir, name))).isFile();
    } catch (e) {
      if (isNotFound(e)) return false;
      throw e;
    }
  }

  async write(name: string, data: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const target = path.join(this.dir, name);
    // Same directory, so rename is atomic; unique per writer, so two processes never share a temp file.
    const temp = path.join(
      this.dir,
      `.${name}.${thisHost}_${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
    );
    try {
      await writeFile(temp, data);
      await rename(temp, target);
    } catch (e) {
      await unlink(temp).catch(() => undefined);
      throw e;
    }
  }

  async remove(name: string): Promise<boolean> {
    try {
      await unlink(path.join(this.dir, name));
      return true;
    } catch (e) {
      if (isNotFound(e)) return false;
      throw e;
    }
  }

  async *list(): AsyncIterable<MediaObjectInfo> {
    let entries;
    try {
      entries = await readdir(this.dir, { withFileTypes: true });
    } catch (e) {
      if (isNotFound(e)) return;
      throw e;
    }
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.startsWith('.')) continue;
      try {
        const info = await stat(path.join(this.dir, entry.name));
        yield { name: entry.name, bytes: info.size, modifiedAt: info.mtime };
      } catch (e) {
        // Removed between readdir and stat (another process cleaning up): not there any more.
        if (!isNotFound(e)) throw e;
      }
    }
  }

  /**
   * Removes temporary files a crashed writer left: those of a process of this host that no longer runs
   * (or of this very pid, which has written nothing yet when this runs at start, e.g. PID 1 in a restarted
   * container), and anyone's older than `staleMs` (a write takes well under a second). A live writer's
   * fresh file is left alone.
   */
  async removeStrayTemporaryFiles(now: Date, staleMs = 60 * 60_000): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (e) {
      if (isNotFound(e)) return 0;
      throw e;
    }
    let removed = 0;
    for (const name of names) {
      const match = TEMP_PATTERN.exec(name);
      if (!match) continue;
      const [, , host, pid] = match;
      const file = path.join(this.dir, name);
      let stale = host === thisHost && (Number(pid) === process.pid || !isRunning(Number(pid)));
      if (!stale) {
        try {
          stale = now.getTime() - (await stat(file)).mtimeMs > staleMs;
        } catch (e) {
          if (isNotFound(e)) continue;
          throw e;
        }
      }
      if (stale && (await this.remove(name))) removed++;
    }
    return removed;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it runs, as another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isNotFound(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 'ENOENT';
}
