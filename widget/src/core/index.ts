import { h, render } from 'preact';
import type { TWidgetPreviewCore, TWidgetPreviewInput } from '@app/shared';
import type { LoaderConfig } from '../loader/config.js';
import { HOST_TAG } from '../loader/place.js';
import { Root, type ViewState } from './App.js';
import { readInitBody, readInitData } from './check.js';
import { shadowFor } from './shadow.js';
import { fetchJson } from './net.js';
import css from './widget.css?inline';

export type { InitData, Lang } from './types.js';

/**
 * Called by the loader (/widget.js) with the container it placed and the init request it already
 * started. Shows the skeleton at once, then the feed or one of the spec's states. Never throws.
 */
export async function boot(
  host: HTMLElement,
  config: LoaderConfig,
  initUrl: string | undefined,
  init: Promise<Response> | undefined,
): Promise<void> {
  try {
    const root = shadowFor(host, css);
    const show = (state: ViewState) =>
      render(h(Root, { host, state, lang: config.lang, apiBase: config.apiBase }), root);
    if (!initUrl) return show({ kind: 'invalid' });
    show({ kind: 'loading' });
    const result = await fetchJson(initUrl, init);
    if (!result.ok) return show({ kind: result.status >= 400 && result.status < 500 ? 'invalid' : 'error' });
    const data = readInitBody(result.body);
    show(data ? { kind: 'ready', data } : { kind: 'error' });
  } catch {
    // Never break the merchant's page; an empty host takes no room.
    host.remove();
  }
}

/**
 * Renders the widget into `element` from data the caller passes (mode 'preview': no init request, no
 * cache). Used by the dashboard's live preview; see widget/README.md for how to load it.
 */
export const mount: TWidgetPreviewCore<HTMLElement>['mount'] = (element, preview) => {
  const host = document.createElement(HOST_TAG);
  host.setAttribute('data-mode', 'preview');
  element.appendChild(host);
  const root = shadowFor(host, css);
  const show = (p: TWidgetPreviewInput) => {
    const data = readInitData({ config: p.config, content: p.content, version: 1, generated_at: '' });
    const state: ViewState = data ? { kind: 'ready', data } : { kind: 'invalid' };
    render(h(Root, { host, state, lang: p.lang, apiBase: p.apiBase ?? location.origin }), root);
  };
  show(preview);
  return {
    update: show,
    unmount() {
      render(null, root);
      host.remove();
    },
  };
};
