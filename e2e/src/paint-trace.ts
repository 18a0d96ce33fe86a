// The first-tile benchmark's reading of a Chromium trace (bench/first-tile.bench.ts): when a picture was painted.

/** The few fields of a Chrome trace event (DevTools' trace format) read here. */
export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; requestId?: string } };
}

/**
 * When the picture at `src` was first painted after it had loaded, in microseconds of the trace's clock: the
 * end of the rendering update (`AnimationFrame::Render`, the span DevTools draws for a frame's rendering)
 * holding the first `PaintImage` of that URL that comes after its request's `ResourceFinish`; the end of
 * that `PaintImage` when no such span holds it. Undefined when the trace has no such paint.
 */
export function paintOf(events: TraceEvent[], src: string): number | undefined {
  const requests = new Set(
    events
      .filter((e) => e.name === 'ResourceSendRequest' && e.args?.data?.url === src)
      .map((e) => e.args?.data?.requestId),
  );
  const finished = Math.min(
    ...events
      .filter((e) => e.name === 'ResourceFinish' && requests.has(e.args?.data?.requestId))
      .map((e) => e.ts),
  );
  const image = events
    .filter((e) => e.name === 'PaintImage' && e.args?.data?.url === src && e.ts >= finished)
    .sort((a, b) => a.ts - b.ts)[0];
  if (!image) return undefined;
  const sameThread = (e: TraceEvent) => e.pid === image.pid && e.tid === image.tid;
  const begun = events
    .filter((e) => e.name === RENDER && e.ph === 'b' && sameThread(e) && e.ts <= image.ts)
    .sort((a, b) => b.ts - a.ts)[0];
  const ended = begun
    ? events
        .filter((e) => e.name === RENDER && e.ph === 'e' && sameThread(e) && e.ts >= begun.ts)
        .sort((a, b) => a.ts - b.ts)[0]
    : undefined;
  // The span that began last before the picture must still be open when it is painted.
  return ended && ended.ts >= image.ts ? ended.ts : image.ts + (image.dur ?? 0);
}

/** A frame's rendering (style, layout, paint): a nestable async span, `b` to `e`, on the page's main thread. */
const RENDER = 'AnimationFrame::Render';
