import sharp from 'sharp';
import { err, ok, type Result } from '../lib/result.js';
import { demoRandom, type DemoRandom } from './demo-seed.js';
import { DEMO_VIDEO_MP4_BASE64 } from './demo-video.js';
import type { MediaFetchFailure, MediaFetcher } from './instagram.source.js';
import { ZInstagramUsername } from '@app/shared';

/** Instagram serves feed media at most 1080 wide; anything larger would only cost time. */
export const DEMO_MAX_WIDTH = 1080;
/** 9:16 at 1080 wide, the tallest shape Instagram has (stories, reels). */
export const DEMO_MAX_HEIGHT = 1920;
const DEFAULT_SIZE = 1080;

/** Colour pairs that read well behind white text, chosen by hand. */
const GRADIENTS: readonly (readonly [string, string])[] = [
  ['#8e44ad', '#f39c12'],
  ['#0f766e', '#a7f3d0'],
  ['#1e3a8a', '#60a5fa'],
  ['#9d174d', '#fda4af'],
  ['#7c2d12', '#fdba74'],
  ['#3f6212', '#d9f99d'],
  ['#312e81', '#c084fc'],
  ['#134e4a', '#fde68a'],
  ['#4a044e', '#f0abfc'],
  ['#1f2937', '#9ca3af'],
  ['#b45309', '#fef3c7'],
  ['#065f46', '#6ee7b7'],
];

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const VIDEO_BYTES = Buffer.from(DEMO_VIDEO_MP4_BASE64, 'base64');

type DemoMediaRequest =
  | { kind: 'image'; username: string; id: string; width: number; height: number }
  | { kind: 'video'; username: string; id: string };

/**
 * Serves `demo://` URLs from DemoSource with bytes made on the spot, so the media pipeline (copying,
 * resizing, storing) runs for real without any network:
 * - `demo://image/<username>/<id>?w=&h=` → a JPEG: a gradient with a few soft shapes, the same for the
 *   same URL every time (default 1080×1080; wider than 1080 is scaled down, keeping the shape).
 * - `demo://video/<username>/<id>` → a short MP4 clip (the same clip for every video).
 * Anything else is `not_found`.
 */
export class DemoMediaFetcher implements MediaFetcher {
  /**
   * `maxWidth` (DEMO_MEDIA_MAX_WIDTH) makes every picture at most that wide, keeping its shape: tests set it
   * small, so a refresh's fifty pictures and their renditions cost little.
   */
  constructor(private readonly options: { maxWidth?: number } = {}) {}

  async fetch(url: string): Promise<Result<{ bytes: Buffer; contentType: string }, MediaFetchFailure>> {
    const request = parseDemoUrl(url);
    if (request === undefined) {
      return err({ kind: 'not_found', message: 'This demo media address does not exist.' });
    }
    if (request.kind === 'video') {
      // A copy, so a caller that writes into the buffer cannot change the clip for everyone else.
      return ok({ bytes: Buffer.from(VIDEO_BYTES), contentType: 'video/mp4' });
    }
    const { width, height } = fitWidth(
      request,
      Math.min(this.options.maxWidth ?? DEMO_MAX_WIDTH, DEMO_MAX_WIDTH),
    );
    const svg = demoImageSvg(request.username, request.id, width, height);
    const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
    return ok({ bytes, contentType: 'image/jpeg' });
  }
}

function parseDemoUrl(raw: string): DemoMediaRequest | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'demo:') return undefined;
  const [, username, id, ...rest] = url.pathname.split('/');
  if (username === undefined || id === undefined || rest.length > 0) return undefined;
  if (!ZInstagramUsername.safeParse(username).success || !ID_PATTERN.test(id)) return undefined;
  if (url.hostname === 'video') return { kind: 'video', username, id };
  if (url.hostname !== 'image') return undefined;
  const size = parseSize(url.searchParams.get('w'), url.searchParams.get('h'));
  return size && { kind: 'image', username, id, ...size };
}

function parseSize(w: string | null, h: string | null): { width: number; height: number } | undefined {
  const parse = (value: string | null): number | undefined | null => {
    if (value === null) return undefined;
    return /^[1-9]\d{0,4}$/.test(value) ? Number(value) : null;
  };
  const width = parse(w);
  const height = parse(h);
  if (width === null || height === null) return undefined;
  const size = fitWidth(
    { width: width ?? height ?? DEFAULT_SIZE, height: height ?? width ?? DEFAULT_SIZE },
    DEMO_MAX_WIDTH,
  );
  return { width: size.width, height: Math.min(size.height, DEMO_MAX_HEIGHT) };
}

/** The size scaled down to `maxWidth` when wider, keeping its shape. */
function fitWidth(
  size: { width: number; height: number },
  maxWidth: number,
): { width: number; height: number } {
  if (size.width <= maxWidth) return { width: size.width, height: size.height };
  return { width: maxWidth, height: Math.max(1, Math.round((size.height * maxWidth) / size.width)) };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const round = (n: number) => Math.round(n * 10) / 10;

function shapes(random: DemoRandom, w: number, h: number): string {
  const unit = Math.min(w, h);
  switch (random.int(0, 2)) {
    case 0: {
      // Bubbles.
      let out = '';
      for (let i = random.int(3, 6); i > 0; i--) {
        const r = unit * (0.08 + random.next() * 0.25);
        out += `<circle cx="${round(random.next() * w)}" cy="${round(random.next() * h)}" r="${round(r)}" fill="#fff" fill-opacity="${round(0.1 + random.next() * 0.15)}"/>`;
      }
      return out;
    }
    case 1: {
      // An arch, like a product on a display stand.
      const archW = unit * (0.45 + random.next() * 0.2);
      const x = (w - archW) / 2;
      const top = h * (0.2 + random.next() * 0.15);
      const bottom = h * 0.82;
      const r = archW / 2;
      return (
        `<path d="M${round(x)} ${round(bottom)} V${round(top + r)} A${round(r)} ${round(r)} 0 0 1 ${round(x + archW)} ${round(top + r)} V${round(bottom)} Z" fill="#fff" fill-opacity="0.22"/>` +
        `<ellipse cx="${round(w / 2)}" cy="${round(bottom)}" rx="${round(archW * 0.7)}" ry="${round(unit * 0.04)}" fill="#000" fill-opacity="0.12"/>`
      );
    }
    default: {
      // Diagonal bands.
      let out = '';
      const step = unit * (0.16 + random.next() * 0.1);
      for (let x = -h; x < w; x += step * 2) {
        out += `<path d="M${round(x)} ${h} L${round(x + h)} 0 L${round(x + h + step)} 0 L${round(x + step)} ${h} Z" fill="#fff" fill-opacity="0.08"/>`;
      }
      return out;
    }
  }
}

function demoImageSvg(username: string, id: string, w: number, h: number): string {
  const random = demoRandom('demo-image', username, id);
  const [from, to] = random.pick(GRADIENTS);
  const unit = Math.min(w, h);
  const isAvatar = id === 'profile';
  // Text is decoration only: a server without fonts still shows the gradient and shapes.
  const label = isAvatar
    ? `<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${round(unit * 0.5)}" fill="#fff">${escapeXml((username[0] ?? '?').toUpperCase())}</text>`
    : unit >= 160
      ? `<text x="${round(unit * 0.06)}" y="${round(h - unit * 0.06)}" font-family="sans-serif" font-weight="700" font-size="${round(unit * 0.05)}" fill="#fff" fill-opacity="0.9">@${escapeXml(username)}</text>`
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
    (isAvatar ? '' : shapes(random, w, h)) +
    label +
    `</svg>`
  );
}
