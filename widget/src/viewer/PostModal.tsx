import { Fragment, h } from 'preact';
import { formatNumber, pluralForm } from '@app/shared';
import type { JSX } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { Verified } from '../core/verified.js';
import { Icon } from '../core/icons.js';
import { Img } from '../core/Img.js';
import { largest, mediaUrl } from '../core/media.js';
import type { MediaItem, Post, ViewerContext } from '../core/types.js';
import { arrowStep, classifyGesture, swipeStep } from './gesture.js';
import { useModalKeys, usePointerGesture, useSoundGate, useStepDirection, type LayerProps } from './hooks.js';
import { CHEVRON, CLOSE, MUTED, PAUSE, PLAY, SOUND } from './icons.js';
import { relativeTime } from './time.js';
import type { ViewerText } from './text.js';
import { ProductCards } from './ProductCards.js';
import { TapToPlay } from './TapToPlay.js';

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The post modal (product §2): media with carousel and video controls, author, caption, counts, links. */
export function PostModal({
  ctx,
  t,
  rtl,
  close,
  posts,
  start,
}: LayerProps & { posts: Post[]; start: number }): JSX.Element {
  const [at, setAt] = useState({ post: start, child: 0 });
  const post = posts[at.post]!;
  const items = post.children.length ? post.children : [post.media];
  const child = Math.min(at.child, items.length - 1);
  const item = items[child]!;
  const [dir, stepped] = useStepDirection();
  const go = (step: number) => {
    const next = at.post + step;
    if (step && next >= 0 && next < posts.length) {
      stepped(step);
      setAt({ post: next, child: 0 });
    }
  };
  const slide = (step: number) => {
    const next = child + step;
    if (step && next >= 0 && next < items.length) {
      stepped(step);
      setAt({ post: at.post, child: next });
    }
  };
  const dialog = useModalKeys((e) => {
    const step = arrowStep(e.key, rtl);
    if (step) {
      e.preventDefault();
      go(step);
    }
  }, close);
  const swipe = usePointerGesture((dx, dy) => {
    const step = swipeStep(classifyGesture(dx, dy), rtl);
    if (items.length > 1) slide(step);
    else go(step);
  });
  const { account, username, apiBase } = ctx;
  const profile = `https://www.instagram.com/${encodeURIComponent(username)}/`;
  const ratio = Math.min(Math.max(item.image.width / item.image.height, 0.5), 1.91);
  return (
    <div
      dir={rtl ? 'rtl' : 'ltr'}
      lang={ctx.lang}
      class="lv-overlay lv-post"
      data-motion={ctx.settings.animation}
      data-dir={dir}
      role="dialog"
      aria-modal="true"
      aria-label={username}
      ref={dialog}
      onClick={(e) => e.target === e.currentTarget && close()}
    >
      <button type="button" class="lv-icon lv-close" aria-label={t.close} onClick={close} data-autofocus>
        <Icon d={CLOSE} />
      </button>
      <NavButton cls="lv-prev" label={t.previous} disabled={at.post === 0} onClick={() => go(-1)} />
      <NavButton cls="lv-next" label={t.next} disabled={at.post === posts.length - 1} onClick={() => go(1)} />
      <div class="lv-dialog" style={{ '--ar': ratio }}>
        <a class="lv-author" href={profile} {...external}>
          <span class="lv-avatar">
            {account.profile_picture && (
              <Img
                apiBase={apiBase}
                image={account.profile_picture}
                sizes="32px"
                alt=""
                unavailable=""
                eager
              />
            )}
          </span>
          <b dir="ltr">{username}</b>
          {account.is_verified && <Verified lang={ctx.lang} />}
        </a>
        <div class="lv-media" {...swipe}>
          <Media key={`${post.id}:${child}`} ctx={ctx} t={t} item={item} alt={post.caption.slice(0, 100)} />
          {items.length > 1 && (
            <>
              {child > 0 && <SlideButton cls="lv-s-prev" label={t.previous} onClick={() => slide(-1)} />}
              {child < items.length - 1 && (
                <SlideButton cls="lv-s-next" label={t.next} onClick={() => slide(1)} />
              )}
              <span class="lv-dots" aria-hidden="true">
                {items.map((_, i) => (
                  <i key={i} class={i === child ? 'lv-on' : ''} />
                ))}
              </span>
            </>
          )}
        </div>
        <div class="lv-info">
          <ProductCards ctx={ctx} t={t} post={post} />
          {post.caption && (
            <p class="lv-caption" dir="auto">
              <b dir="ltr">{username}</b> {post.caption}
            </p>
          )}
          <div class="lv-meta">
            {ctx.settings.counts && post.like_count !== null && (
              <b class="lv-likes">
                {pluralForm(post.like_count, ctx.lang, t.likes, false).replace(
                  '#',
                  formatNumber(post.like_count),
                )}
              </b>
            )}
            <time dateTime={post.timestamp}>{relativeTime(post.timestamp, Date.now(), ctx.lang)}</time>
            {ctx.settings.counts && !!post.comment_count && (
              <a class="lv-link" href={post.source_url} {...external}>
                {t.comments(post.comment_count, formatNumber(post.comment_count))}
              </a>
            )}
            <a class="lv-ig" href={post.source_url} {...external}>
              {t.viewOnInstagram}
            </a>
          </div>
        </div>
      </div>
    </div>
  );
}

function NavButton({
  cls,
  label,
  disabled,
  onClick,
}: {
  cls: string;
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      class={`lv-icon lv-nav ${cls}`}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon d={CHEVRON} cls="lv-flip" />
    </button>
  );
}

function SlideButton({ cls, label, onClick }: { cls: string; label: string; onClick: () => void }) {
  return (
    <button type="button" class={`lv-slide ${cls}`} aria-label={label} onClick={onClick}>
      <Icon d={CHEVRON} cls="lv-flip" size={18} />
    </button>
  );
}

/**
 * One image or video. product §8 fallbacks: an image goes srcset → largest rendition → 'Image unavailable';
 * a video goes to its poster image on error, and the poster's own failure reads 'Video Unavailable'.
 */
function Media({
  ctx,
  t,
  item,
  alt,
}: {
  ctx: ViewerContext;
  t: ViewerText;
  item: MediaItem;
  alt: string;
}): JSX.Element {
  const [failed, setFailed] = useState(false);
  const isVideo = item.type === 'video';
  if (!isVideo || !item.video || failed) {
    return (
      <Img
        apiBase={ctx.apiBase}
        image={item.image}
        sizes="(max-width: 767px) 100vw, 600px"
        alt={alt}
        unavailable={isVideo ? t.videoUnavailable : t.imageUnavailable}
        eager
      />
    );
  }
  return <Video ctx={ctx} t={t} item={item} onError={() => setFailed(true)} />;
}

function Video({
  ctx,
  t,
  item,
  onError,
}: {
  ctx: ViewerContext;
  t: ViewerText;
  item: MediaItem;
  onError: () => void;
}): JSX.Element {
  const ref = useRef<HTMLVideoElement>(null);
  const sound = useSoundGate(ctx);
  const [playing, setPlaying] = useState(!sound.waiting);
  const [muted, setMuted] = useState(ctx.settings.muted);
  // Starts on its own when it may (muted, or after the shopper started one with sound); else waits for a tap.
  useLayoutEffect(() => {
    if (!sound.waiting) sound.play(ref.current);
  }, []);
  const toggle = () => {
    const v = ref.current;
    if (v?.paused) sound.play(v, true);
    else v?.pause();
  };
  return (
    <>
      <video
        ref={ref}
        src={mediaUrl(ctx.apiBase, item.video!.path)}
        poster={largest(ctx.apiBase, item.image)}
        loop
        playsInline
        muted={muted}
        preload="auto"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onClick={toggle}
        onError={onError}
        style={{ backgroundColor: item.image.color }}
      />
      {sound.waiting ? (
        <TapToPlay label={muted ? t.play : t.playSound} onPlay={() => sound.play(ref.current, true)} />
      ) : (
        <span class="lv-controls">
          <button type="button" class="lv-ctl" aria-label={playing ? t.pause : t.play} onClick={toggle}>
            <Icon d={playing ? PAUSE : PLAY} fill size={18} />
          </button>
          <button
            type="button"
            class="lv-ctl"
            aria-label={muted ? t.unmute : t.mute}
            onClick={() => setMuted(!muted)}
          >
            <Icon d={muted ? MUTED : SOUND} size={18} />
          </button>
        </span>
      )}
    </>
  );
}
