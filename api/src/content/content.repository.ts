import { eq, sql } from 'drizzle-orm';
import type { TStoredHighlight, TStoredPost, TStoredProfile } from '@app/shared';
import type { Database } from '../db/database.js';
import { instagramContent } from '../db/schema.js';

export type ContentRow = typeof instagramContent.$inferSelect;

export interface ContentInput {
  profile: TStoredProfile;
  posts: TStoredPost[];
  highlights: TStoredHighlight[];
  source: string;
  fetchedAt: Date;
}

/**
 * A stored post as the wire spells it (snake_case, docs/api.md): posts saved before the change carry
 * `sourceUrl`, read here as `source_url` until the next refresh writes them again.
 */
function readStoredPost(post: TStoredPost): TStoredPost {
  const old = post as TStoredPost & { sourceUrl?: string };
  if (old.source_url !== undefined || old.sourceUrl === undefined) return post;
  const { sourceUrl, ...rest } = old;
  return { ...rest, source_url: sourceUrl };
}

export class ContentRepository {
  constructor(private readonly db: Database) {}

  async find(accountId: string): Promise<ContentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(instagramContent)
      .where(eq(instagramContent.accountId, accountId))
      .limit(1);
    return row && { ...row, posts: row.posts.map(readStoredPost) };
  }

  /** Replaces an account's content in one statement: readers see the old or the new, never a mix. */
  async save(accountId: string, content: ContentInput): Promise<ContentRow> {
    const [row] = await this.db
      .insert(instagramContent)
      .values({ accountId, ...content })
      .onConflictDoUpdate({
        target: instagramContent.accountId,
        set: { ...content, version: sql`${instagramContent.version} + 1` },
      })
      .returning();
    if (!row) throw new Error('content upsert returned nothing');
    return row;
  }
}
