import { afterEach, describe, expect, it, vi } from 'vitest';
import { startWebFont } from './webfont';

type TLoad = (font: string, text: string) => Promise<FontFace[]>;

/** A document whose FontFaceSet and readyState the test controls (jsdom has no FontFaceSet). */
function fakeDocument(options: { lang: string; readyState: DocumentReadyState; load: TLoad }): Document {
  const doc = document.implementation.createHTMLDocument('t');
  doc.documentElement.lang = options.lang;
  Object.defineProperty(doc, 'fonts', { value: { load: vi.fn(options.load) } });
  Object.defineProperty(doc, 'readyState', { value: options.readyState, configurable: true });
  Object.defineProperty(doc, 'defaultView', { value: window });
  return doc;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  localStorage.clear();
});

describe('startWebFont', () => {
  it('waits for the page to load, fetches both weights, then names the font once and remembers it', async () => {
    const doc = fakeDocument({ lang: 'ar', readyState: 'interactive', load: () => Promise.resolve([]) });
    startWebFont(doc);
    expect(doc.fonts.load).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(vi.mocked(doc.fonts.load).mock.calls).toEqual([
      ['400 1em Tajawal', 'aب'],
      ['700 1em Tajawal', 'aب'],
    ]);
    expect(doc.documentElement.classList.contains('webfont')).toBe(false);
    await flush();
    expect(doc.documentElement.classList.contains('webfont')).toBe(true);
    expect(localStorage.getItem('lamha.webfont')).toBe('1');
  });

  it('asks for the Latin files alone on an English page that has already loaded', () => {
    const doc = fakeDocument({ lang: 'en', readyState: 'complete', load: () => Promise.resolve([]) });
    startWebFont(doc);
    expect(vi.mocked(doc.fonts.load).mock.calls.map(([, text]) => text)).toEqual(['a', 'a']);
  });

  it('keeps the fallback and remembers nothing when a file does not arrive', async () => {
    const doc = fakeDocument({
      lang: 'ar',
      readyState: 'complete',
      load: (font) => (font.startsWith('700') ? Promise.reject(new Error('offline')) : Promise.resolve([])),
    });
    startWebFont(doc);
    await flush();
    expect(doc.documentElement.classList.contains('webfont')).toBe(false);
    expect(localStorage.getItem('lamha.webfont')).toBeNull();
  });

  it('names the font at once, fetching nothing itself, once this browser has loaded it before', () => {
    localStorage.setItem('lamha.webfont', '1');
    const doc = fakeDocument({ lang: 'ar', readyState: 'loading', load: () => Promise.resolve([]) });
    startWebFont(doc);
    expect(doc.documentElement.classList.contains('webfont')).toBe(true);
    expect(doc.fonts.load).not.toHaveBeenCalled();
  });
});
