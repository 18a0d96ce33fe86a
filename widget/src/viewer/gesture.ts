/** product §9: a swipe is at least 50 px; a touch that moves at most 10 px is still a tap. */
export const SWIPE_PX = 50;
export const TAP_TOLERANCE_PX = 10;
/** product §9 story tap zones: left 30 % previous, right 30 % next, the middle 40 % toggles pause. */
export const SIDE_ZONE = 0.3;

export type Gesture = 'tap' | 'swipe-left' | 'swipe-right' | 'swipe-down' | 'none';

/** What a pointer that moved by (dx, dy) between down and up did. */
export function classifyGesture(dx: number, dy: number): Gesture {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (ax <= TAP_TOLERANCE_PX && ay <= TAP_TOLERANCE_PX) return 'tap';
  if (ax >= SWIPE_PX && ax > ay) return dx < 0 ? 'swipe-left' : 'swipe-right';
  if (dy >= SWIPE_PX && ay > ax) return 'swipe-down';
  return 'none';
}

export type TapAction = 'previous' | 'next' | 'pause';

/**
 * The action of a tap at `x` px across a story `width` px wide. Mirrored in RTL, where stories run from
 * right to left (progress bars fill leftwards, "next" is on the left), as Instagram does in Arabic: the
 * side you tap to go forward is always the side the story moves towards.
 */
export function tapAction(x: number, width: number, rtl: boolean): TapAction {
  const f = width > 0 ? x / width : 0.5;
  if (f >= SIDE_ZONE && f <= 1 - SIDE_ZONE) return 'pause';
  return f < SIDE_ZONE !== rtl ? 'previous' : 'next';
}

/** Direction a swipe moves through a sequence: a swipe towards the start side shows the next item. */
export function swipeStep(gesture: Gesture, rtl: boolean): -1 | 0 | 1 {
  if (gesture !== 'swipe-left' && gesture !== 'swipe-right') return 0;
  return (gesture === 'swipe-left') !== rtl ? 1 : -1;
}

/** Arrow keys step like swipes: the arrow pointing towards the reading direction goes forward. */
export function arrowStep(key: string, rtl: boolean): -1 | 0 | 1 {
  if (key !== 'ArrowRight' && key !== 'ArrowLeft') return 0;
  return (key === 'ArrowRight') !== rtl ? 1 : -1;
}
