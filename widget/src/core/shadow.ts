import { render } from 'preact';

/**
 * A shadow root with the widget's stylesheet inside it. The host is a custom tag, so a store's `div` or
 * `section` rules never match it, and `:host { all: initial !important }` resets what its `*` rules and
 * inheritance would carry in. Nothing inside the root is reachable by the page's selectors.
 * Its own module so the viewer chunk can use it without importing the core entry (an import cycle).
 */
export function shadowFor(host: HTMLElement, stylesheet: string): ShadowRoot {
  let root = host.shadowRoot;
  if (root) render(null, root);
  else root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = stylesheet;
  root.replaceChildren(style);
  return root;
}
