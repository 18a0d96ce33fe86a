// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beacon, watchImpression } from './beacon.js';

const trackers = new Map<string, ReturnType<typeof beacon>>();
const track = (apiBase: string, key: string, event: Parameters<ReturnType<typeof beacon>>[0]) => {
  const id = `${apiBase} ${key}`;
  if (!trackers.has(id)) trackers.set(id, beacon(apiBase, key));
  trackers.get(id)!(event);
};
const sent: { url: string; body: { key: string; events: unknown[] } }[] = [];
const hide = () => {
  Object.defineProperty(document, 'hidden', { configurable: true, value: true });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  Object.defineProperty(document, 'hidden', { configurable: true, value: false });
};

describe('insights beacon', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sent.length = 0;
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, body: string) => {
        sent.push({ url, body: JSON.parse(body) as { key: string; events: unknown[] } });
        return true;
      },
    });
  });
  afterEach(() => {
    // Nothing left waiting for the next test.
    hide();
    vi.useRealTimers();
  });

  it('batches events into at most one beacon every 10 seconds', () => {
    track('https://api.test', 'wk_1', { type: 'impression' });
    track('https://api.test', 'wk_1', { type: 'post_open', post_id: 'p1' });
    vi.advanceTimersByTime(9_999);
    expect(sent).toEqual([]);
    track('https://api.test', 'wk_1', { type: 'product_click', product_id: 'x', post_id: 'p1' });
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      {
        url: 'https://api.test/api/widget/events',
        body: {
          key: 'wk_1',
          events: [
            { type: 'impression' },
            { type: 'post_open', post_id: 'p1' },
            { type: 'product_click', product_id: 'x', post_id: 'p1' },
          ],
        },
      },
    ]);
    vi.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(1);
    track('https://api.test', 'wk_1', { type: 'follow_click' });
    vi.advanceTimersByTime(10_000);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toEqual({ key: 'wk_1', events: [{ type: 'follow_click' }] });
  });

  it('sends what is waiting when the page is hidden, once, a beacon per widget key', () => {
    track('https://api.test', 'wk_2', { type: 'story_open' });
    track('https://other.test', 'wk_3', { type: 'follow_click' });
    hide();
    expect(sent.map((s) => [s.url, s.body.key])).toEqual([
      ['https://api.test/api/widget/events', 'wk_2'],
      ['https://other.test/api/widget/events', 'wk_3'],
    ]);
    vi.advanceTimersByTime(10_000);
    hide();
    expect(sent).toHaveLength(2);
  });

  it('carries at most 50 events in one beacon', () => {
    for (let i = 0; i < 80; i++) track('https://api.test', 'wk_4', { type: 'follow_click' });
    vi.advanceTimersByTime(10_000);
    expect(sent[0]!.body.events).toHaveLength(50);
  });

  it('reports one impression once half the widget is in view', () => {
    let callback: IntersectionObserverCallback = () => undefined;
    const disconnect = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: IntersectionObserverCallback) {
          callback = cb;
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    const events: unknown[] = [];
    watchImpression(document.createElement('div'), (e) => events.push(e));
    const seen = (ratio: number, height: number) =>
      callback(
        [{ intersectionRatio: ratio, intersectionRect: { height } } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    seen(0.3, 100);
    expect(events).toEqual([]);
    // A widget taller than the screen: half the screen's height of it counts.
    seen(0.2, innerHeight / 2);
    expect(events).toEqual([{ type: 'impression' }]);
    expect(disconnect).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
