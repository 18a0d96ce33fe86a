// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixedLayout } from '../test/layout.js';
import { sampleInit } from '../test/sample.js';
import { boot } from './index.js';
import { requestFirstRow } from './first-row.js';
import { getJson } from './net.js';

beforeAll(fixedLayout);
afterEach(() => {
  document.body.innerHTML = '';
});

const apiBase = 'https://api.test';
const initUrl = `${apiBase}/api/widget/init?key=wk_test`;

/** The pictures `new Image()` asked for while `run` ran: their srcset, sizes and priority. */
async function asked(run: () => unknown) {
  const NativeImage = globalThis.Image;
  const images: HTMLImageElement[] = [];
  vi.spyOn(globalThis, 'Image').mockImplementation(function () {
    const img = new NativeImage();
    images.push(img);
    return img;
  });
  try {
    await run();
  } finally {
    vi.mocked(globalThis.Image).mockRestore();
  }
  return images.map((img) => [img.getAttribute('srcset'), img.getAttribute('sizes'), img.fetchPriority]);
}

/** The first row of the feed boot draws for this snapshot, as requestFirstRow should ask for it. */
async function drawnFirstRow(data: unknown) {
  const host = document.body.appendChild(document.createElement('lamha-feed'));
  const answer = { status: 'success', data };
  await boot(
    host,
    { apiBase, lang: 'en' },
    initUrl,
    getJson(initUrl, async () => Response.json(answer)),
  );
  // fixedLayout: 1000 px wide, 4 per row.
  const row = [...host.shadowRoot!.querySelectorAll<HTMLImageElement>('.tile img')].slice(0, 4);
  return row.map((img) => [img.getAttribute('srcset'), img.getAttribute('sizes'), 'high']);
}

describe('the first row, asked for by the loader before the core arrives', () => {
  it('asks for the pictures the grid’s first row will show, with the same srcset and sizes', async () => {
    const data = sampleInit();
    const host = document.body.appendChild(document.createElement('lamha-feed'));
    const requested = await asked(() => requestFirstRow(host, { status: 'success', data }, apiBase));
    const expected = await drawnFirstRow(data);
    expect(expected).toHaveLength(4);
    expect(requested).toEqual(expected);
  });

  it('follows the merchant’s spacing and items per row', async () => {
    const data = sampleInit();
    data.config.customization_options.density.items_per_row = 3;
    data.config.customization_options.spacing.item_spacing = 24;
    const host = document.body.appendChild(document.createElement('lamha-feed'));
    const requested = await asked(() => requestFirstRow(host, { status: 'success', data }, apiBase));
    const expected = (await drawnFirstRow(data)).slice(0, 3);
    expect(requested).toEqual(expected);
  });

  it('asks for nothing when turned off, far below the fold, for another layout, a hidden feed, an old or unreadable answer', async () => {
    const host = document.body.appendChild(document.createElement('lamha-feed'));
    const carousel = sampleInit();
    carousel.config.customization_options.feed.layout = 'carousel';
    const hidden = sampleInit();
    hidden.config.customization_options.feed.enabled = false;
    const off = sampleInit();
    off.config.widget_enabled = false;
    // A snapshot from before the wire became snake_case: its options are `customizationOptions`.
    const { customization_options: customizationOptions, ...config } = sampleInit().config;
    const old = { ...sampleInit(), config: { ...config, customizationOptions } };
    const bodies = [carousel, hidden, off, old].map((data) => ({ status: 'success', data }));
    for (const body of [...bodies, 'x', null])
      expect(await asked(() => requestFirstRow(host, body, apiBase))).toEqual([]);
    // The same answer turned on asks for its row: what the cases above leave out is what they change.
    expect(
      await asked(() => requestFirstRow(host, { status: 'success', data: sampleInit() }, apiBase)),
    ).toHaveLength(4);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValueOnce({
      width: 1000,
      top: 5000,
    } as DOMRect);
    const far = await asked(() => requestFirstRow(host, { status: 'success', data: sampleInit() }, apiBase));
    expect(far).toEqual([]);
  });
});
