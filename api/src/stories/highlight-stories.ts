import {
  LATEST_HIGHLIGHT_DAYS,
  type TStoredHighlight,
  type TStoredImage,
  type TStoredStory,
} from '@app/shared';
import type { HighlightRow, LiveStoryRow, StoriesRepository } from './stories.repository.js';

// What a highlight holds and shows (its stories and cover), shared by the widget's snapshot and the
// merchant's highlights list in stories.service.ts.

const DAY = 24 * 3_600_000;

export const latestSince = (now: Date) => new Date(now.getTime() - LATEST_HIGHLIGHT_DAYS * DAY);

function toWidgetStory(row: LiveStoryRow): TStoredStory {
  return {
    id: row.id,
    media_type: row.mediaType,
    timestamp: row.takenAt.toISOString(),
    image: row.image,
    ...(row.video ? { video: row.video } : {}),
    ...(row.durationSeconds ? { duration: row.durationSeconds } : {}),
  };
}

/**
 * The merchant's highlights as the widget shows them: switched on, with at least one story, in the
 * merchant's order. Latest holds the stories of the last 7 days (its cover: the newest one).
 */
export async function widgetHighlightsOf(
  repo: StoriesRepository,
  userId: string,
  now: Date,
): Promise<TStoredHighlight[]> {
  const highlights = (await repo.listHighlights(userId)).filter((h) => h.enabled);
  if (highlights.length === 0) return [];
  const resolved = await resolveStories(repo, userId, highlights, now);
  return highlights.flatMap((h): TStoredHighlight[] => {
    const stories = resolved.stories.get(h.id) ?? [];
    if (stories.length === 0) return [];
    return [
      {
        id: h.id,
        external_id: `highlight:${h.id}`,
        title: h.title,
        cover: coverOf(h, stories, resolved.covers),
        stories: stories.map(toWidgetStory),
      },
    ];
  });
}

/** Each highlight's live stories in order, and the stories chosen as covers. */
export async function resolveStories(
  repo: StoriesRepository,
  userId: string,
  highlights: HighlightRow[],
  now: Date,
) {
  const custom = highlights.filter((h) => h.kind === 'custom').map((h) => h.id);
  const idsOf = await repo.storyIdsOf(custom);
  const latest = highlights.some((h) => h.kind === 'latest')
    ? await repo.storiesSince(userId, latestSince(now))
    : [];
  const wanted = new Set([...idsOf.values()].flat());
  for (const h of highlights) if (h.coverStoryId) wanted.add(h.coverStoryId);
  const found = new Map((await repo.findStories(userId, [...wanted])).map((s) => [s.id, s]));
  const stories = new Map<string, LiveStoryRow[]>();
  for (const h of highlights) {
    stories.set(
      h.id,
      h.kind === 'latest'
        ? latest
        : (idsOf.get(h.id) ?? []).flatMap((id) => {
            const s = found.get(id);
            return s ? [s] : [];
          }),
    );
  }
  return { stories, covers: found };
}

export function coverOf(
  h: HighlightRow,
  stories: LiveStoryRow[],
  covers: Map<string, LiveStoryRow>,
): TStoredImage | null {
  if (h.coverImage) return h.coverImage;
  const chosen = h.coverStoryId ? covers.get(h.coverStoryId) : undefined;
  if (chosen) return chosen.image;
  const auto = h.kind === 'latest' ? stories.at(-1) : stories[0];
  return auto?.image ?? null;
}
