import { describe, expect, it } from 'vitest';
import { withPublicMediaUrls } from './public-media-url.js';

const hash = 'd'.repeat(64);

describe('withPublicMediaUrls', () => {
  const content = {
    caption: `/media/${hash}-320.webp`,
    media: {
      image: { renditions: [{ width: 320, height: 320, path: `/media/${hash}-320.webp` }] },
      video: { kind: 'video', path: `/media/${hash}.mp4` },
    },
    notes: ['see /media/x', `/media/${hash}.json`, 7, null],
  };

  it('points every media path at the public base', () => {
    const out = withPublicMediaUrls(content, 'https://cdn.example.com/m');
    expect(out.media.image.renditions[0]!.path).toBe(`https://cdn.example.com/m/${hash}-320.webp`);
    expect(out.media.video.path).toBe(`https://cdn.example.com/m/${hash}.mp4`);
    // Strings that are not one of our media names stay as they are.
    expect(out.notes).toEqual(['see /media/x', `/media/${hash}.json`, 7, null]);
  });

  it('changes nothing without a base (the API serves /media/ itself)', () => {
    expect(withPublicMediaUrls(content, undefined)).toBe(content);
  });
});
