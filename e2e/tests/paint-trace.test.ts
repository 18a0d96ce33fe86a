import { describe, expect, it } from 'vitest';
import { paintOf, type TraceEvent } from '../src/paint-trace.js';

// The first-tile benchmark's reading of a trace, on events shaped as Chromium writes them (names, phases and
// args as in a trace of the benchmark's store page).
const SRC = 'http://127.0.0.1:4000/media/first-320.webp';
const MAIN = { pid: 7, tid: 7 };
const event = (name: string, ts: number, extra: Partial<TraceEvent> = {}): TraceEvent => ({
  name,
  cat: 'devtools.timeline',
  ph: 'X',
  ts,
  ...MAIN,
  ...extra,
});
const request = (url: string, requestId: string, sent: number, finished: number) => [
  event('ResourceSendRequest', sent, { ph: 'I', args: { data: { url, requestId } } }),
  event('ResourceFinish', finished, { ph: 'I', args: { data: { requestId } } }),
];
/** A frame's rendering from `ts` to `ts + dur`, painting `urls`. */
const paint = (ts: number, dur: number, urls: string[], thread = MAIN) => [
  event('AnimationFrame::Render', ts, { ph: 'b', ...thread }),
  event('AnimationFrame::Render', ts + dur, { ph: 'e', ...thread }),
  ...urls.map((url, i) =>
    event('PaintImage', ts + 10 + i, {
      dur: 5,
      cat: 'disabled-by-default-devtools.timeline',
      ...thread,
      args: { data: { url } },
    }),
  ),
];

describe('paintOf: when the first tile was painted, from a trace', () => {
  it('is the end of the first rendering that paints the picture once its request has finished', () => {
    const events = [
      ...request(SRC, 'r1', 1_000, 5_000),
      ...paint(3_000, 400, [SRC]), // a partly loaded picture: not yet the picture
      ...paint(6_000, 800, ['http://127.0.0.1:4000/media/avatar-160.webp']),
      ...paint(9_000, 700, [SRC]),
      ...paint(12_000, 500, [SRC]),
    ];
    expect(paintOf(events, SRC)).toBe(9_700);
  });

  it("ignores another thread's renderings around the picture, and takes the picture's own end without one", () => {
    const other = { pid: 9, tid: 9 };
    const events = [
      ...request(SRC, 'r1', 1_000, 2_000),
      event('AnimationFrame::Render', 2_990, { ph: 'b', ...other }),
      event('AnimationFrame::Render', 8_000, { ph: 'e', ...other }),
      ...paint(3_000, 300, [SRC]),
    ];
    expect(paintOf(events, SRC)).toBe(3_300);
    const alone = events.filter((e) => e.pid === MAIN.pid && e.name !== 'AnimationFrame::Render');
    expect(paintOf(alone, SRC)).toBe(3_015);
    // A rendering that ended before the picture was painted does not hold it.
    const before = [...alone, ...paint(2_000, 500, [])];
    expect(paintOf([...before, ...paint(9_000, 400, [])], SRC)).toBe(3_015);
  });

  it('has no answer while the picture has not been painted since it loaded', () => {
    const events = [...request(SRC, 'r1', 1_000, 5_000), ...paint(3_000, 400, [SRC])];
    expect(paintOf(events, SRC)).toBeUndefined();
    expect(paintOf([...request(SRC, 'r1', 1_000, 2_000)], SRC)).toBeUndefined();
  });
});
