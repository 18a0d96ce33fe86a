import { z } from 'zod';
import { parseWidgetSnapshot, type TStoredStory } from '@app/shared';
import type { ContentRepository } from '../content/content.repository.js';
import type { InstagramAccountsRepository } from '../content/instagram-accounts.repository.js';
import { AppError } from '../http/errors.js';
import { highlightIdOf } from '../instagram/highlight-id.js';
import { err, ok, type Result } from '../lib/result.js';
import type { WidgetLookup } from './widget-lookup.js';
import { withPublicMediaUrls } from '../media/public-media-url.js';

/** The one part of a widget snapshot this service reads: which highlights the widget shows. */
const ZShownHighlights = z.object({
  data: z.object({ content: z.object({ highlights: z.array(z.object({ id: z.string() })) }) }),
});

export interface HighlightsServiceDeps {
  accounts: Pick<InstagramAccountsRepository, 'findByWidgetKey'>;
  content: Pick<ContentRepository, 'find'>;
  lookup: Pick<WidgetLookup, 'byKey'>;
  /** The stories of one of the merchant's own highlights (made from the story archive), if it is one. */
  merchantHighlightStories?: (userId: string, highlightId: string) => Promise<TStoredStory[] | undefined>;
  /** MEDIA_PUBLIC_URL, as in the snapshot the stories belong to. */
  mediaPublicUrl?: string | undefined;
}

/** The stories behind a highlight, which the widget loads only when a visitor opens it. */
export class HighlightsService {
  constructor(private readonly deps: HighlightsServiceDeps) {}

  /**
   * Stories of one highlight for the public widget, only when the widget shows that highlight. The
   * snapshot is the one place the rules live (widget or highlights switched off, a plan without highlights,
   * an expired plan, an uninstalled store app): a highlight it leaves out is answered 404 like one that
   * does not exist, so nothing tells a visitor why.
   */
  async stories(widgetKey: string, highlightId: string): Promise<Result<TStoredStory[], AppError>> {
    const notFound = () => err(new AppError('highlight_not_found'));
    const snapshot = await this.deps.lookup.byKey(widgetKey);
    if (!snapshot) return err(new AppError('widget_not_found'));
    const id = highlightIdOf(highlightId);
    const shown = ZShownHighlights.parse(parseWidgetSnapshot(snapshot.body.toString('utf8')));
    if (!shown.data.content.highlights.some((h) => h.id === id)) return notFound();
    const account = await this.deps.accounts.findByWidgetKey(widgetKey);
    const own = account ? await this.deps.merchantHighlightStories?.(account.userId, id) : undefined;
    const publicUrls = (stories: TStoredStory[]) => withPublicMediaUrls(stories, this.deps.mediaPublicUrl);
    if (own) return own.length > 0 ? ok(publicUrls(own)) : notFound();
    const content = account ? await this.deps.content.find(account.id) : undefined;
    const highlight = content?.highlights.find((h) => h.id === id);
    return highlight ? ok(publicUrls(highlight.stories)) : notFound();
  }
}
