import { Fragment, h } from 'preact';
import type { JSX } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { isImage } from '../core/check.js';
import { Icon } from '../core/icons.js';
import { Img } from '../core/Img.js';
import { fitting, mediaUrl } from '../core/media.js';
import { fetchJson } from '../core/net.js';
import type { Highlight, Story, ViewerContext } from '../core/types.js';
import { arrowStep, classifyGesture, swipeStep, tapAction } from './gesture.js';
import { useModalKeys, usePointerGesture, useSoundGate, useStepDirection, type LayerProps } from './hooks.js';
import { CLOSE, CHEVRON, MUTED, PAUSE, PLAY, SOUND } from './icons.js';
import { nextStory, previousStory, stepHighlight, type StoryPosition } from './story-nav.js';
import { relativeTime } from './time.js';
import { TapToPlay } from './TapToPlay.js';

/** product §9: an image story shows for 7 s; a video story for its own length. */
export const IMAGE_STORY_MS = 7000;

const cache = new Map<string, Promise<Story[] | undefined>>();

/** A highlight's stories, fetched once per page (failures are forgotten so reopening retries). */
function loadStories(ctx: ViewerContext, highlight: Highlight): Promise<Story[] | undefined> {
  let stories = cache.get(highlight.id);
  if (!stories) {
    const url = `${ctx.apiBase}/api/widget/highlights/${encodeURIComponent(highlight.id)}/stories?key=${encodeURIComponent(ctx.widgetKey)}`;
    stories = ctx.widgetKey
      ? fetchJson(url).then((r) => (r.ok ? readStories(r.body) : undefined))
      : Promise.resolve(undefined);
    cache.set(highlight.id, stories);
    void stories.then((s) => s || cache.delete(highlight.id));
  }
  return stories;
}

/** The stories of GET /api/widget/highlights/:id/stories; stories without a usable picture are dropped. */
export function readStories(body: unknown): Story[] | undefined {
  const b = body as { status?: unknown; stories?: unknown } | null;
  if (b?.status !== 'success' || !Array.isArray(b.stories)) return undefined;
  return (b.stories as Story[]).filter((s) => typeof s?.id === 'string' && isImage(s.image));
}

/** Device pixels of the story frame, to pick one rendition (and preload the next story's). */
const framePx = () => Math.round(Math.min(innerWidth, innerHeight * 0.5625, 540) * (devicePixelRatio || 1));

/**
 * The highlight story viewer (product §4 and §9): stories advance after 7 s (images) or at their end
 * (videos); tap zones 30/40/30 (mirrored in RTL, see gesture.ts); swipes change highlight (wrapping) or
 * close (down); the last story of the last highlight closes; loading, error and empty states.
 * The timer runs on setTimeout, requestAnimationFrame and performance.now, so a fake clock drives it.
 */
export function StoryViewer({
  ctx,
  t,
  rtl,
  close,
  highlights,
  start,
}: LayerProps & { highlights: Highlight[]; start: number }): JSX.Element {
  const [pos, setPos] = useState<StoryPosition>({ highlight: start, story: 0 });
  const [stories, setStories] = useState<Story[] | 'loading' | 'error'>('loading');
  const [paused, setPaused] = useState(false);
  const [muted, setMuted] = useState(ctx.settings.muted);
  const sound = useSoundGate(ctx);
  const [dir, stepped] = useStepDirection();
  const [ready, setReady] = useState(false);
  const [videoFailed, setVideoFailed] = useState(false);
  /** Bumped to replay the same story (tap "previous" on the very first one). */
  const [replay, setReplay] = useState(0);
  const elapsed = useRef({ key: '', ms: 0 });
  const bar = useRef<HTMLElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const highlight = highlights[pos.highlight]!;
  const list = Array.isArray(stories) ? stories : [];
  const story = list[pos.story];
  const isVideo = story?.media_type === 'video' && !!story.video && !videoFailed;
  const key = `${pos.highlight}:${pos.story}:${replay}`;
  const stopped = paused || (isVideo && sound.waiting);

  const closeViewer = () => {
    // Closing pauses first (product §4), so no timer or sound outlives the viewer.
    setPaused(true);
    video.current?.pause();
    close();
  };
  const move = (next: StoryPosition | 'close', step: number) => {
    if (next === 'close') return closeViewer();
    setPaused(false);
    stepped(step);
    if (next.highlight === pos.highlight && next.story === pos.story) return setReplay(replay + 1);
    setReady(false);
    setVideoFailed(false);
    if (next.highlight !== pos.highlight) setStories('loading');
    setPos(next);
  };
  const forward = () => move(nextStory(pos, list.length, highlights.length), 1);
  const back = () => move(previousStory(pos), -1);
  /** A video waiting for a tap starts with sound (this is the tap); anything else pauses or resumes. */
  const playOrPause = () => {
    if (isVideo && sound.waiting) sound.play(video.current, true);
    else setPaused(!paused);
  };
  const jump = (step: number) =>
    step && move({ highlight: stepHighlight(pos.highlight, step, highlights.length), story: 0 }, step);

  useLayoutEffect(() => {
    let live = true;
    void loadStories(ctx, highlight).then((s) => live && setStories(s ?? 'error'));
    return () => {
      live = false;
    };
  }, [ctx, highlight]);

  // Image stories: 7 s from when the picture shows, kept across pauses.
  useLayoutEffect(() => {
    if (paused || !ready || !story || isVideo) return;
    const prior = elapsed.current.key === key ? elapsed.current.ms : 0;
    const began = performance.now() - prior;
    let frame = 0;
    const paint = () => {
      if (bar.current)
        bar.current.style.transform = `scaleX(${Math.min((performance.now() - began) / IMAGE_STORY_MS, 1)})`;
      frame = requestAnimationFrame(paint);
    };
    paint();
    const timer = setTimeout(forward, IMAGE_STORY_MS - prior);
    return () => {
      elapsed.current = { key, ms: performance.now() - began };
      clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  });

  // Video stories: play/pause with the viewer, progress from the video itself; `ended` moves on.
  useLayoutEffect(() => {
    const v = video.current;
    if (!v || !isVideo) return;
    // Waiting for a tap to play with sound (or refused by the browser): the story waits with it.
    if (paused || sound.waiting) {
      v.pause();
      return;
    }
    sound.play(v);
    let frame = 0;
    const paint = () => {
      if (bar.current && v.duration) bar.current.style.transform = `scaleX(${v.currentTime / v.duration})`;
      frame = requestAnimationFrame(paint);
    };
    paint();
    return () => cancelAnimationFrame(frame);
  }, [paused, isVideo, key, sound.waiting]);

  // A hidden tab pauses, so nobody comes back to a story that ran on without them.
  useLayoutEffect(() => {
    const onHide = () => document.hidden && setPaused(true);
    document.addEventListener('visibilitychange', onHide);
    return () => document.removeEventListener('visibilitychange', onHide);
  }, []);

  // Preload the next story's picture while this one shows.
  const upcoming = list[pos.story + 1];
  useLayoutEffect(() => {
    if (ready && upcoming) new Image().src = fitting(ctx.apiBase, upcoming.image, framePx());
  }, [ready, upcoming, ctx]);

  const dialog = useModalKeys((e) => {
    const step = arrowStep(e.key, rtl);
    if (step) {
      e.preventDefault();
      if (step > 0) forward();
      else back();
    } else if (e.key === ' ') {
      e.preventDefault();
      playOrPause();
    }
  }, closeViewer);

  const gesture = usePointerGesture((dx, dy, x, width) => {
    const g = classifyGesture(dx, dy);
    if (g === 'swipe-down') closeViewer();
    else if (g !== 'tap') jump(swipeStep(g, rtl));
    else if (list.length) {
      const action = tapAction(x, width, rtl);
      if (action === 'pause') playOrPause();
      else if (action === 'next') forward();
      else back();
    }
  });

  let stage: JSX.Element;
  if (stories === 'loading') stage = <span class="lv-spin" role="status" aria-label={t.loading} />;
  else if (stories === 'error' || !story) {
    stage = <p class="lv-state">{stories === 'error' ? t.storiesError : t.storiesEmpty}</p>;
  } else if (isVideo) {
    stage = (
      <video
        key={key}
        ref={video}
        src={mediaUrl(ctx.apiBase, story.video!.path)}
        poster={fitting(ctx.apiBase, story.image, framePx())}
        muted={muted}
        playsInline
        preload="auto"
        onPlaying={() => setReady(true)}
        onEnded={forward}
        onError={() => setVideoFailed(true)}
        style={{ backgroundColor: story.image.color }}
      />
    );
  } else {
    stage = (
      <Img
        key={key}
        apiBase={ctx.apiBase}
        image={story.image}
        px={framePx()}
        alt=""
        unavailable={story.media_type === 'video' ? t.videoUnavailable : t.imageUnavailable}
        eager
        onReady={() => setReady(true)}
      />
    );
  }

  return (
    <div
      dir={rtl ? 'rtl' : 'ltr'}
      lang={ctx.lang}
      class="lv-overlay lv-stories"
      data-motion={ctx.settings.animation}
      data-dir={dir}
      role="dialog"
      aria-modal="true"
      aria-label={highlight.title}
      ref={dialog}
      onClick={(e) => e.target === e.currentTarget && closeViewer()}
    >
      {highlights.length > 1 && (
        <>
          <button
            type="button"
            class="lv-icon lv-nav lv-prev"
            aria-label={t.previousHighlight}
            onClick={() => jump(-1)}
          >
            <Icon d={CHEVRON} cls="lv-flip" />
          </button>
          <button
            type="button"
            class="lv-icon lv-nav lv-next"
            aria-label={t.nextHighlight}
            onClick={() => jump(1)}
          >
            <Icon d={CHEVRON} cls="lv-flip" />
          </button>
        </>
      )}
      <div
        class="lv-frame"
        data-position={`${pos.highlight}:${pos.story}`}
        data-paused={stopped ? '' : undefined}
      >
        <div class="lv-stage" {...gesture}>
          {stage}
        </div>
        {isVideo && sound.waiting && <TapToPlay label={muted ? t.play : t.playSound} onPlay={playOrPause} />}
        <div class="lv-top">
          <div class="lv-bars">
            {list.map((s, i) =>
              i === pos.story ? (
                <span key={s.id}>
                  <i key={key} ref={bar} class="lv-cur" />
                </span>
              ) : (
                <span key={s.id}>
                  <i class={i < pos.story ? 'lv-done' : ''} />
                </span>
              ),
            )}
          </div>
          <div class="lv-head">
            <span class="lv-avatar">
              {highlight.cover && (
                <Img apiBase={ctx.apiBase} image={highlight.cover} sizes="32px" alt="" unavailable="" eager />
              )}
            </span>
            <b dir="auto">{highlight.title}</b>
            {story && (
              <time dateTime={story.timestamp}>{relativeTime(story.timestamp, Date.now(), ctx.lang)}</time>
            )}
            <span class="lv-grow" />
            {story && (
              <button
                type="button"
                class="lv-icon"
                aria-label={stopped ? t.play : t.pause}
                onClick={playOrPause}
              >
                <Icon d={stopped ? PLAY : PAUSE} fill size={20} />
              </button>
            )}
            {isVideo && (
              <button
                type="button"
                class="lv-icon"
                aria-label={muted ? t.unmute : t.mute}
                onClick={() => setMuted(!muted)}
              >
                <Icon d={muted ? MUTED : SOUND} size={20} />
              </button>
            )}
            <button type="button" class="lv-icon" aria-label={t.close} onClick={closeViewer} data-autofocus>
              <Icon d={CLOSE} />
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
