import { and, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { mediaObjects } from '../db/schema.js';

/** Hashes per statement: well under PostgreSQL's bound-parameter limit. */
const BATCH = 1_000;

/**
 * Every place a media path (`/media/<hash>…`) can be stored: content (profile, posts with their pinned and
 * hidden ones, highlights), the story archive, merchant highlight covers and product pictures. A new table
 * that keeps media must be added here, or the clean-up would delete its files.
 */
const REFERENCING_COLUMNS = sql`
  select profile::text as doc from instagram_content
  union all select posts::text from instagram_content
  union all select highlights::text from instagram_content
  union all select image::text from instagram_stories where image is not null
  union all select video::text from instagram_stories where video is not null
  union all select cover_image::text from merchant_highlights where cover_image is not null
  union all select image::text from products where image is not null`;

export class MediaObjectsRepository {
  constructor(private readonly db: Database) {}

  /**
   * A store is about to use this item: it is in use now. Waits while a clean-up holds the row (deleting the
   * item's files); the row is then new, and the store finds the files gone and writes them again.
   */
  async markInUse(hash: string): Promise<void> {
    await this.db
      .insert(mediaObjects)
      .values({ hash, unreferencedSince: null })
      .onConflictDoUpdate({ target: mediaObjects.hash, set: { unreferencedSince: null } });
  }

  /** The hashes some stored row uses, read in one statement (one consistent snapshot). */
  async referencedHashes(): Promise<Set<string>> {
    // node-postgres and PGlite both answer { rows }.
    const result = (await this.db.execute(sql`
      select distinct (regexp_matches(doc, '/media/([0-9a-f]{64})', 'g'))[1] as hash
      from (${REFERENCING_COLUMNS}) refs`)) as { rows: { hash: string }[] };
    return new Set(result.rows.map((r) => r.hash));
  }

  async all(): Promise<Map<string, Date | null>> {
    const rows = await this.db.select().from(mediaObjects);
    return new Map(rows.map((r) => [r.hash, r.unreferencedSince]));
  }

  /** Starts the grace period of items nothing uses; one already running keeps its start. */
  async markUnreferenced(hashes: string[], now: Date): Promise<void> {
    for (let i = 0; i < hashes.length; i += BATCH) {
      await this.db
        .insert(mediaObjects)
        .values(hashes.slice(i, i + BATCH).map((hash) => ({ hash, unreferencedSince: now })))
        .onConflictDoUpdate({
          target: mediaObjects.hash,
          set: {
            unreferencedSince: sql`coalesce(${mediaObjects.unreferencedSince}, excluded.unreferenced_since)`,
          },
        });
    }
  }

  /** Items used again (a refresh brought back an old post): their grace period ends. */
  async clearUnreferenced(hashes: string[]): Promise<void> {
    for (let i = 0; i < hashes.length; i += BATCH) {
      await this.db
        .update(mediaObjects)
        .set({ unreferencedSince: null })
        .where(
          and(
            inArray(mediaObjects.hash, hashes.slice(i, i + BATCH)),
            isNotNull(mediaObjects.unreferencedSince),
          ),
        );
    }
  }

  /**
   * Deletes items whose grace period began before `cutoff` and is still running: their rows are locked
   * (rows a store is marking are skipped), `removeFiles` deletes their files while the locks hold, then the
   * rows go. A store of one of them waits for the commit, then writes it anew. Returns what was deleted.
   */
  async deleteUnreferenced(
    hashes: string[],
    cutoff: Date,
    removeFiles: (hashes: string[]) => Promise<void>,
  ): Promise<string[]> {
    if (hashes.length === 0) return [];
    return this.db.transaction(async (tx) => {
      const locked = await tx
        .select({ hash: mediaObjects.hash })
        .from(mediaObjects)
        .where(and(inArray(mediaObjects.hash, hashes), lt(mediaObjects.unreferencedSince, cutoff)))
        .for('update', { skipLocked: true });
      const doomed = locked.map((r) => r.hash);
      if (doomed.length === 0) return [];
      await removeFiles(doomed);
      await tx.delete(mediaObjects).where(inArray(mediaObjects.hash, doomed));
      return doomed;
    });
  }
}
