import { afterEach, describe, expect, it } from 'vitest';
import { applyPageMeta, pageUrl, resetPageMeta } from './page-meta';

const head = () => ({
  title: document.title,
  description: document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content,
  canonical: document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href,
  alternates: [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')].map(
    (link) => `${link.hreflang} ${link.href}`,
  ),
  og: (property: string) =>
    document.head.querySelector<HTMLMetaElement>(`meta[property="${property}"]`)?.content,
});

afterEach(() => {
  document.head.innerHTML = '';
});

describe('page meta', () => {
  it('writes title, description, canonical, hreflang and Open Graph tags once, updating them in place', () => {
    document.head.innerHTML = '<meta name="description" content="site default">';
    const page = {
      origin: 'https://lamha.app',
      pathname: '/faq',
      lang: 'en' as const,
      languageInUrl: 'en' as const,
    };
    applyPageMeta({ title: 'FAQ | Lamha', description: 'Answers.' }, page);
    applyPageMeta({ title: 'FAQ | Lamha', description: 'Answers, again.' }, page);

    const now = head();
    expect(now.title).toBe('FAQ | Lamha');
    expect(now.description).toBe('Answers, again.');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(now.canonical).toBe('https://lamha.app/faq?lang=en');
    expect(now.alternates).toEqual([
      'ar https://lamha.app/faq?lang=ar',
      'en https://lamha.app/faq?lang=en',
      'x-default https://lamha.app/faq',
    ]);
    expect(now.og('og:image')).toBe('https://lamha.app/og-image.png');
    expect(now.og('og:locale')).toBe('en_US');
    expect(now.og('og:locale:alternate')).toBe('ar_SA');
  });

  it('gives the page without ?lang its own address as canonical (it is the x-default alternate)', () => {
    applyPageMeta(
      { title: 't', description: 'd' },
      { origin: 'https://lamha.app', pathname: '/', lang: 'ar', languageInUrl: null },
    );
    expect(head().canonical).toBe('https://lamha.app/');
    expect(pageUrl('https://lamha.app', '/', 'ar')).toBe('https://lamha.app/?lang=ar');
  });

  it('leaves no canonical or alternates behind for pages that manage no meta of their own', () => {
    applyPageMeta(
      { title: 't', description: 'd' },
      { origin: 'https://lamha.app', pathname: '/terms', lang: 'ar', languageInUrl: null },
    );
    resetPageMeta({ title: 'Lamha', description: 'default' });
    expect(head()).toMatchObject({
      title: 'Lamha',
      description: 'default',
      canonical: undefined,
      alternates: [],
    });
  });
});
