import { h, render } from 'preact';
import type { TWidgetPreviewCore, TWidgetPreviewInput } from '@app/shared';
import type { LoaderConfig } from '../loader/config.js';
import { HOST_TAG } from '../loader/place.js';
import { Root, type ViewState } from './App.js';
import { beacon, watchImpression, type Track } from './beacon.js';
import { hiddenReason, readInitBody, readInitData } from './check.js';
import { shadowFor } from './shadow.js';
import { fetchJson } from './net.js';
import css from './widget.css?inline';

export type { InitData, Lang } from './types.js';

/**
 * Called by the loader (/widget.js) with the container it placed and the init request it already
 * started. Shows the skeleton at once, then the feed. Shoppers never see the merchant's problems (a bad
 * key, a store not connected yet, a widget turned off or expired, nothing to show, our own outage): the
 * widget then takes no room and leaves one console.info line for the merchant; the dashboard's preview
 * shows the state. Never throws.
 */
export async function boot(
  host: HTMLElement,
  config: LoaderConfig,
  initUrl: string | undefined,
  init: Promise<Response> | undefined,
): Promise<void> {
  try {
    const root = shadowFor(host, css);
    const show = (state: ViewState, track?: Track) =>
      render(h(Root, { host, state, lang: config.lang, apiBase: config.apiBase, track }), root);
    const hide = (why: string) => {
      render(null, root);
      host.remove();
      console.info(`[lamha] The Instagram widget is hidden: ${why}. See ${config.apiBase}/dashboard`);
    };
    if (!initUrl) return hide('the snippet names no widget key or store');
    show({ kind: 'loading' });
    const result = await fetchJson(initUrl, init);
    if (!result.ok)
      return hide(
        result.status === 404 || result.status === 400
          ? 'this widget key or store is unknown, or not connected to Instagram yet'
          : `the server could not answer (${result.status || 'network'})`,
      );
    const data = readInitBody(result.body);
    const why = data ? hiddenReason(data, config.lang) : 'the answer could not be read';
    if (why || !data) return hide(why ?? '');
    const track = beacon(config.apiBase, data.config.public_widget_key);
    show({ kind: 'ready', data }, track);
    watchImpression(host, track);
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
