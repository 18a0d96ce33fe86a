import { h, render } from 'preact';
import type { LoaderConfig } from '../loader/config.js';
import { loadExtras, loadView, Root, type ViewState } from './App.js';
import { noop } from './Tile.js';
import type { Track } from './beacon.js';
import { hiddenReason, readInitBody, readSettings } from './check.js';
import { shadowFor } from './shadow.js';
import { fetchJson, type FetchResult } from './net.js';
import css from './widget.css?inline';

export type { InitData, Lang } from './types.js';

/** How long the feed may take to be ready before the loading skeleton is shown (too short to see). */
export const SKELETON_AFTER_MS = 50;

/**
 * Called by the loader (/widget.js) with the container it placed and the init request it already
 * started. Shows the skeleton when the answer is not in within SKELETON_AFTER_MS, then the feed. Shoppers
 * never see the merchant's problems (a bad key, a store not connected yet, a widget turned off or expired, nothing to show, our own outage): the
 * widget then takes no room and leaves one console.info line for the merchant; the dashboard's preview
 * shows the state. Never throws.
 */
export async function boot(
  host: HTMLElement,
  config: LoaderConfig,
  initUrl: string | undefined,
  init: Promise<FetchResult> | undefined,
  hint?: unknown,
): Promise<unknown> {
  try {
    const root = shadowFor(host, css);
    const show = (state: ViewState, track?: Track) =>
      render(h(Root, { host, state, lang: config.lang, apiBase: config.apiBase, track, hint }), root);
    const hide = (why: string) => {
      render(null, root);
      host.remove();
      console.info(`[lamha] Instagram widget hidden: ${why}. See ${config.apiBase}/dashboard`);
    };
    if (!initUrl) return hide('no widget key in the snippet');
    const answer = fetchJson(initUrl, init);
    // The loader asked for the snapshot before this chunk arrived: when its answer is already in, the
    // skeleton would be drawn only to be replaced, at the cost of a render and a layout on a slow phone.
    const early = await Promise.race([
      answer,
      new Promise<undefined>((r) => setTimeout(r, SKELETON_AFTER_MS)),
    ]);
    if (!early) show({ kind: 'loading' });
    const result = early ?? (await answer);
    if (!result.ok)
      return hide(
        result.status === 404 || result.status === 400
          ? 'unknown widget key or store'
          : `error ${result.status}`,
      );
    const data = readInitBody(result.body);
    const why = data ? hiddenReason(data, config.lang) : 'unreadable answer';
    if (why || !data) return hide(why ?? '');
    const options = data.config.customization_options;
    // A layout other than the grid waits for its chunk (the grid stands in when it cannot be fetched).
    await loadView(readSettings(options, 'ar').layout).catch(noop);
    // The insights beacon and the tiles' hover are a chunk of their own, requested once the first picture has
    // loaded: never a request ahead of the pictures. A click before it arrives goes uncounted.
    let report: Track = () => {};
    const ready = () => show({ kind: 'ready', data }, (event) => report(event));
    ready();
    root.addEventListener(
      'load',
      () =>
        loadExtras().then((m) => {
          report = m.startInsights(host, config.apiBase, data.config.public_widget_key);
          ready();
        }, noop),
      { capture: true, once: true },
    );
    return options;
  } catch {
    // Never break the merchant's page; an empty host takes no room.
    host.remove();
  }
}

/**
 * The dashboard's live preview (`mount`), a chunk of its own: it carries the texts of the states only the
 * preview explains, which a store page never downloads. See widget/README.md for how to load it.
 */
export const preview = () => import('./preview.js');
