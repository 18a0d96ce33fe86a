import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ViewerContext } from '../core/types.js';
import { classifyGesture } from './gesture.js';
import type { ViewerText } from './text.js';

/** Props every viewer layer gets. */
export interface LayerProps {
  ctx: ViewerContext;
  t: ViewerText;
  rtl: boolean;
  close: () => void;
}

/**
 * Keyboard for a modal layer: Escape closes, Tab stays inside `dialog` (focus trap), other keys go to
 * `onKey`. Focus moves into the dialog when it opens.
 */
export function useModalKeys(onKey: (e: KeyboardEvent) => void, close: () => void) {
  const dialog = useRef<HTMLDivElement>(null);
  // The latest handlers, so the listener is added once and focus moves in only when the dialog opens.
  const latest = useRef({ onKey, close });
  latest.current = { onKey, close };
  useLayoutEffect(() => {
    const el = dialog.current;
    el?.querySelector<HTMLElement>('[data-autofocus]')?.focus({ preventScroll: true });
    const keydown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        latest.current.close();
      } else if (e.key === 'Tab' && el) {
        const items = Array.from(el.querySelectorAll<HTMLElement>('a[href],button:not([disabled])'));
        const active = (el.getRootNode() as ShadowRoot).activeElement;
        const first = items[0];
        const last = items[items.length - 1];
        if (!items.includes(active as HTMLElement)) {
          e.preventDefault();
          first?.focus();
        } else if (e.shiftKey && active === first) {
          e.preventDefault();
          last?.focus();
        } else if (!e.shiftKey && active === last) {
          e.preventDefault();
          first?.focus();
        }
      } else latest.current.onKey(e);
    };
    document.addEventListener('keydown', keydown, true);
    return () => document.removeEventListener('keydown', keydown, true);
  }, []);
  return dialog;
}

/** Pointer down → up on `el` as a gesture (swipe 50 px, tap within 10 px), with the tap position. */
export function usePointerGesture(onGesture: (dx: number, dy: number, x: number, width: number) => void) {
  const start = useRef<[number, number] | undefined>(undefined);
  const moved = useRef(false);
  return {
    onPointerDown: (e: PointerEvent) => {
      if (e.button === 0) start.current = [e.clientX, e.clientY];
    },
    onPointerUp: (e: PointerEvent) => {
      const s = start.current;
      start.current = undefined;
      if (!s) return;
      const rect = (e.currentTarget as HTMLElement).getBoundingClientRect();
      moved.current = classifyGesture(e.clientX - s[0], e.clientY - s[1]) !== 'tap';
      onGesture(e.clientX - s[0], e.clientY - s[1], e.clientX - rect.left, rect.width);
    },
    onPointerCancel: () => {
      start.current = undefined;
    },
    // A swipe that ends on a button or a video must not also click it.
    onClickCapture: (e: MouseEvent) => {
      if (moved.current) {
        moved.current = false;
        e.stopPropagation();
        e.preventDefault();
      }
    },
  };
}

/** Widgets whose shopper started a video with sound: their later videos try to start with sound too. */
const soundStarted = new WeakSet<ViewerContext>();

/**
 * Browsers start only muted videos on their own. With the merchant's mute_videos off, a video therefore
 * waits for a tap (`waiting`: show the play button) until the shopper has started one; any start the
 * browser refuses also waits for a tap. `play(video, true)` is that tap: it runs inside the gesture, so
 * the sound is allowed.
 */
export function useSoundGate(ctx: ViewerContext) {
  const [waiting, setWaiting] = useState(!ctx.settings.muted && !soundStarted.has(ctx));
  const play = (video: HTMLVideoElement | null, tap?: boolean) => {
    if (!video) return;
    if (tap) {
      if (!video.muted) soundStarted.add(ctx);
      setWaiting(false);
    }
    Promise.resolve(video.play()).catch((e: unknown) => {
      if ((e as Error)?.name === 'NotAllowedError') setWaiting(true);
    });
  };
  return { waiting, play };
}

/** Which way the last step went, for the slide animation (`data-dir` on the overlay). */
export function useStepDirection() {
  const [dir, setDir] = useState<'next' | 'prev'>('next');
  return [dir, (step: number) => step && setDir(step > 0 ? 'next' : 'prev')] as const;
}
