import type { TWidgetEvent } from '@app/shared';

/** Reports one event of the widget's insights (a no-op in the dashboard's preview). */
export type Track = (event: TWidgetEvent) => void;

/**
 * The insights beacon of one widget: events wait in a queue and leave with `navigator.sendBeacon` at most
 * once every 10 s, and once more when the page is hidden (closed, switched away: the last moment a mobile
 * browser reliably gives). A string body goes as text/plain, which needs no CORS preflight. No cookie, no
 * id: the server keeps only daily counts.
 */
export function beacon(apiBase: string, key: string): Track {
  const queue: TWidgetEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | 0 = 0;
  const send = () => {
    clearTimeout(timer);
    timer = 0;
    if (queue.length)
      navigator.sendBeacon(`${apiBase}/api/widget/events`, JSON.stringify({ key, events: queue.splice(0) }));
  };
  addEventListener('visibilitychange', () => document.hidden && send());
  return (event) => {
    // 50 a beacon at most (the server's limit); past that a busy page's extra events are not counted.
    if (queue.length < 50) queue.push(event);
    timer ||= setTimeout(send, 1e4);
  };
}

/** One `impression` when half the widget, or half the screen's height of it, is in view. */
export function watchImpression(host: HTMLElement, track: Track): void {
  const observer = new IntersectionObserver(
    ([entry]) => {
      if (entry && (entry.intersectionRatio >= 0.5 || entry.intersectionRect.height * 2 >= innerHeight)) {
        observer.disconnect();
        track({ type: 'impression' });
      }
    },
    { threshold: [0.1, 0.2, 0.3, 0.4, 0.5] },
  );
  observer.observe(host);
}

/** The beacon of one widget on a store page, with its impression watched. */
export function startInsights(host: HTMLElement, apiBase: string, key: string): Track {
  const track = beacon(apiBase, key);
  watchImpression(host, track);
  return track;
}
