import type { CSSProperties } from 'react';
import {
  countText,
  FOLLOWER_WORDS,
  formatCount,
  POST_WORDS,
  type TStoredImage,
  type TWidgetInit,
} from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';

const src = (image: TStoredImage | null | undefined, minWidth = 320) =>
  image
    ? (image.renditions.find((r) => r.width >= minWidth) ?? image.renditions[image.renditions.length - 1])
        ?.path
    : undefined;

const margin = (m: { top: number; bottom: number; left: number; right: number }): CSSProperties => ({
  marginTop: m.top,
  marginBottom: m.bottom,
  marginLeft: m.left,
  marginRight: m.right,
});

/**
 * A plain rendering of the widget from the same data the widget gets, used until the widget's own preview
 * bundle can be loaded (and when it cannot).
 */
export function PreviewStandIn({ data }: { data: TWidgetInit['data'] }) {
  const { t, lang } = useI18n();
  const o = data.config.customization_options;
  const content = data.content;
  const account = content.account_data;
  const title = o.title_settings;
  const perRow = o.density.items_per_row;
  const gap = o.spacing.item_spacing;
  const maxWidth = o.display_size === 'small' ? 420 : o.display_size === 'medium' ? 640 : undefined;
  const posts = o.feed.enabled ? content.feed.slice(0, o.feed.posts_limit) : [];
  const highlights = o.highlights.enabled ? content.highlights.slice(0, o.highlights.limit) : [];

  const banner = o.account_info.enabled ? (
    <div data-part="banner" className="flex items-center gap-3" style={{ marginBlock: gap }}>
      {o.account_info.show_profile_picture ? (
        <span
          className="size-12 shrink-0 overflow-hidden rounded-full ring-2"
          style={{
            background: account.profile_picture?.color ?? '#ddd',
            ['--tw-ring-color' as string]: o.colors.primary,
          }}
        >
          {src(account.profile_picture) ? (
            <img src={src(account.profile_picture)} alt="" className="size-full object-cover" />
          ) : null}
        </span>
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-bold" dir="ltr">
          @{account.username || content.username}
        </p>
        {o.account_info.show_statistics ? (
          <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs opacity-80">
            <span>{countText(account.media_count ?? 0, lang, POST_WORDS)}</span>
            <span>{countText(account.followers_count ?? 0, lang, FOLLOWER_WORDS)}</span>
            <span>
              <b>{formatCount(account.following_count ?? 0, lang)}</b> {t('dashboard.preview.following')}
            </span>
          </p>
        ) : null}
      </div>
      {o.account_info.show_follow_button ? (
        <span
          className="shrink-0 rounded-lg px-3 py-1.5 text-xs font-bold"
          style={{ background: o.colors.primary, color: o.colors.secondary }}
        >
          {o.account_info.follow_button_text}
        </span>
      ) : null}
    </div>
  ) : null;

  return (
    <div
      data-testid="preview-stand-in"
      className="mx-auto p-4"
      style={{ background: o.colors.background, color: o.colors.text, maxWidth }}
    >
      {title.title_enabled && title.title ? (
        <h3
          data-part="title"
          className="text-center text-lg font-extrabold"
          style={margin(title.title_margin)}
        >
          {title.title}
        </h3>
      ) : null}
      {title.subtitle_enabled && title.subtitle ? (
        <p
          data-part="subtitle"
          className="text-center text-sm opacity-80"
          style={margin(title.subtitle_margin)}
        >
          {title.subtitle}
        </p>
      ) : null}
      {o.account_info.position === 'before_posts' ? banner : null}
      {highlights.length > 0 ? (
        <div className="flex gap-3 overflow-x-auto pb-2" style={{ marginBlock: gap }}>
          {highlights.map((h) => (
            <div key={h.id} className="flex w-16 shrink-0 flex-col items-center gap-1">
              <span
                className={`size-14 overflow-hidden border-2 ${o.highlights.layout === 'square' ? 'rounded-xl' : 'rounded-full'}`}
                style={{ borderColor: o.colors.primary, background: h.cover?.color ?? '#eee' }}
              >
                {src(h.cover) ? <img src={src(h.cover)} alt="" className="size-full object-cover" /> : null}
              </span>
              <span className="w-full truncate text-center text-[11px]">{h.title}</span>
            </div>
          ))}
        </div>
      ) : null}
      {posts.length > 0 ? (
        <div
          data-part="grid"
          className="grid"
          style={{ gridTemplateColumns: `repeat(${perRow}, minmax(0, 1fr))`, gap }}
        >
          {posts.map((post) => (
            <span
              key={post.id}
              className="relative block aspect-square overflow-hidden rounded-md"
              style={{ background: post.media.image.color }}
            >
              {src(post.media.image) ? (
                <img src={src(post.media.image)} alt="" loading="lazy" className="size-full object-cover" />
              ) : null}
            </span>
          ))}
        </div>
      ) : null}
      {o.account_info.position === 'after_posts' ? banner : null}
    </div>
  );
}
