/** The element the widget renders into: a custom tag, so the page's `div`/`section` rules never match it. */
export const HOST_TAG = 'lamha-feed';

/**
 * Creates the widget's container where the merchant wants it: inside an element marked `data-feed-widget`,
 * else just before the page's footer, else at the end of <body>. The page footer is the first
 * `[role=contentinfo]` or `<footer>` that is not inside an article, aside, main, nav or section (those are
 * footers of a card or a post, not of the page).
 */
export function placeContainer(doc: Document): HTMLElement {
  const host = doc.createElement(HOST_TAG);
  const slot = doc.querySelector('[data-feed-widget]');
  if (slot) {
    slot.appendChild(host);
    return host;
  }
  const footer = Array.from(doc.querySelectorAll('[role=contentinfo],footer')).find(
    (el) => !el.parentElement?.closest('article,aside,main,nav,section'),
  );
  if (footer) footer.before(host);
  else doc.body.appendChild(host);
  return host;
}
