import { describe, expect, it } from 'vitest';
import { formatMessage, languageDirection, messages, translate, type TMessageKey } from './index.js';
import { loadMessagePart, loadSiteMessages, messagePartOf, type TMessagePart } from './parts.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  it('Arabic and English have exactly the same keys', () => {
    expect(Object.keys(messages.ar).sort()).toEqual(Object.keys(messages.en).sort());
  });

  it('has no empty or blank message in either language', () => {
    for (const lang of ['ar', 'en'] as const) {
      const blank = Object.entries(messages[lang]).filter(([, text]) => text.trim() === '');
      expect(blank, `blank ${lang} messages`).toEqual([]);
    }
  });

  it('uses the same placeholders in both languages', () => {
    for (const key of Object.keys(messages.en) as TMessageKey[]) {
      expect(placeholders(messages.ar[key]), key).toEqual(placeholders(messages.en[key]));
    }
  });

  it('keeps the product wording in English', () => {
    expect(messages.en['login.submit']).toBe('Send Magic Link');
    expect(messages.en['login.sending']).toBe('Sending...');
    expect(messages.en['checkEmail.title']).toBe('Check your email');
    expect(messages.en['password.title']).toBe('Set Your Password');
    expect(messages.en['common.loadingPage']).toBe('Loading Page...');
  });

  it('really translates user-facing text into Arabic', () => {
    const arabicLetters = /[\u0600-\u06FF]/;
    // The same in both languages: the language's own name and examples of what to type (an address).
    const same: readonly TMessageKey[] = [
      'language.en',
      'login.emailPlaceholder',
      'dashboard.store.urlPlaceholder',
    ];
    const untranslated = (Object.keys(messages.en) as TMessageKey[]).filter(
      (key) => !arabicLetters.test(messages.ar[key]) && !same.includes(key),
    );
    expect(untranslated).toEqual([]);
  });
});

describe('the catalogue in pieces (parts.ts)', () => {
  it('finds every key among the site messages or in the part messagePartOf names', async () => {
    const parts = new Map<TMessagePart, Awaited<ReturnType<typeof loadMessagePart>>>();
    for (const part of ['dashboard', 'admin', 'salla', 'pages', 'auth'] as const)
      parts.set(part, await loadMessagePart(part));
    for (const lang of ['ar', 'en'] as const) {
      const site = await loadSiteMessages(lang);
      const misplaced: string[] = [];
      for (const key of Object.keys(messages[lang]) as TMessageKey[]) {
        // The catalogue looks among the loaded messages first, then loads the key's part.
        const part = messagePartOf(key);
        const text = site[key] ?? (part ? parts.get(part)?.[lang][key] : undefined);
        if (text !== messages[lang][key]) misplaced.push(`${lang} ${key} (${part ?? 'site'})`);
      }
      expect(misplaced).toEqual([]);
    }
  });

  it('keeps the static pages out of the site messages the landing page loads', async () => {
    const site = await loadSiteMessages('ar');
    expect(site['landing.terms.lead']).toBeUndefined();
    expect(site['landing.faq.lead']).toBeUndefined();
    expect((await loadMessagePart('pages')).ar['landing.terms.lead']).toBe(messages.ar['landing.terms.lead']);
  });
});

describe('formatting', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'common.requestFailedStatus', { status: 500 })).toBe(
      'Request failed with status 500.',
    );
    expect(translate('ar', 'common.requestFailedStatus', { status: 500 })).toContain('500');
    expect(formatMessage('Hi {name} {missing}', { name: 'Sara' })).toBe('Hi Sara {missing}');
  });

  it('gives Arabic right-to-left and English left-to-right', () => {
    expect(languageDirection('ar')).toBe('rtl');
    expect(languageDirection('en')).toBe('ltr');
  });
});
