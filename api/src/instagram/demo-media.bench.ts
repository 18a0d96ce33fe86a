import sharp from 'sharp';
import { bench, describe } from 'vitest';
import { DemoMediaFetcher } from './demo-media.js';

// `npx vitest bench src/instagram`: the baseline is the cheapest JPEG sharp can make at the same size,
// so the table shows what the SVG drawing itself costs on this machine.
const fetcher = new DemoMediaFetcher();
let post = 0;

describe('demo image, 1080×1350', () => {
  bench('baseline: flat colour JPEG', async () => {
    await sharp({ create: { width: 1080, height: 1350, channels: 3, background: '#8e44ad' } })
      .jpeg({ quality: 80 })
      .toBuffer();
  });
  bench('DemoMediaFetcher.fetch', async () => {
    await fetcher.fetch(`demo://image/bench.shop/${post++}?w=1080&h=1350`);
  });
});

describe('demo image, 1080×1920 (stories)', () => {
  bench('baseline: flat colour JPEG', async () => {
    await sharp({ create: { width: 1080, height: 1920, channels: 3, background: '#8e44ad' } })
      .jpeg({ quality: 80 })
      .toBuffer();
  });
  bench('DemoMediaFetcher.fetch', async () => {
    await fetcher.fetch(`demo://image/bench.shop/${post++}?w=1080&h=1920`);
  });
});
