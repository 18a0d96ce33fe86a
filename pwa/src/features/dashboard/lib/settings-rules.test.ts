import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WIDGET_SETTINGS,
  isInstagramUsername as isValidUsername,
  normaliseInstagramUsername as normaliseUsername,
} from '@app/shared';
import {
  changedPaths,
  connectedUsername,
  embedSnippet,
  parseSettingsFile,
  planLabel,
  platformOfStore,
  sameSettings,
  settingsFileContents,
  storeHref,
  tabFromLocation,
} from './settings-rules';

describe('tab from the URL', () => {
  it('takes the hash first, then ?tab=, else the account tab', () => {
    expect(tabFromLocation('#settings', '')).toBe('settings');
    expect(tabFromLocation('', '?tab=embed')).toBe('embed');
    expect(tabFromLocation('#embed', '?tab=settings')).toBe('embed');
    expect(tabFromLocation('#nonsense', '?tab=settings')).toBe('settings');
    expect(tabFromLocation('', '?tab=admin')).toBe('account');
    expect(tabFromLocation('', '')).toBe('account');
  });
});

describe('username rules (product §5)', () => {
  it('trims spaces and removes every leading @', () => {
    expect(normaliseUsername('  @Blue.Bottle ')).toBe('blue.bottle');
    expect(normaliseUsername('@@twice')).toBe('twice');
    expect(normaliseUsername('   ')).toBe('');
  });

  it("follows Instagram's characters", () => {
    expect(isValidUsername('store_1.sa')).toBe(true);
    expect(isValidUsername('.store')).toBe(false);
    expect(isValidUsername('store..sa')).toBe(false);
    expect(isValidUsername('store sa')).toBe(false);
    expect(isValidUsername('a'.repeat(31))).toBe(false);
  });

  it("treats empty and the placeholder 'instagram' as not connected", () => {
    expect(connectedUsername({ instagram_username: null })).toBeNull();
    expect(connectedUsername({ instagram_username: '' })).toBeNull();
    expect(connectedUsername({ instagram_username: 'Instagram' })).toBeNull();
    expect(connectedUsername({ instagram_username: 'mystore' })).toBe('mystore');
  });
});

describe('subscription label (product §5, §9)', () => {
  it('shows Free, Trial, or the capitalised tier cut at 12 characters plus an ellipsis past 15', () => {
    expect(planLabel('', 'en')).toBe('Free');
    expect(planLabel(null, 'en')).toBe('Free');
    expect(planLabel('trial', 'en')).toBe('Trial');
    expect(planLabel('professional', 'en')).toBe('Professional');
    expect(planLabel('fifteen chars x', 'en')).toBe('Fifteen chars x');
    expect(planLabel('a sixteen chars!', 'en')).toBe('A sixteen ch…');
  });

  it('names the known plans in Arabic', () => {
    expect(planLabel('', 'ar')).toBe('مجانية');
    expect(planLabel('trial', 'ar')).toBe('تجريبية');
    expect(planLabel('Professional', 'ar')).toBe('الاحترافية');
    expect(planLabel('Enterprise', 'ar')).toBe('Enterprise');
  });
});

describe('settings files (product §5 import)', () => {
  it('accepts an exported file', () => {
    const result = parseSettingsFile(JSON.stringify(DEFAULT_WIDGET_SETTINGS));
    expect(result).toEqual({ ok: true, settings: DEFAULT_WIDGET_SETTINGS });
  });

  it('carries the layout, limits, captions, motion and muting through export and import', () => {
    const chosen = {
      ...DEFAULT_WIDGET_SETTINGS,
      feed: {
        layout: 'masonry',
        enabled: true,
        posts_limit: 24,
        show_load_more: false,
        autoplay: true,
        show_counts: false,
      },
      highlights: { layout: 'square', enabled: true, limit: 8 },
      animation: { type: 'slide' },
      show_captions: true,
      mute_videos: false,
    } as const;
    expect(parseSettingsFile(settingsFileContents(chosen))).toEqual({ ok: true, settings: chosen });
  });

  it('imports a file exported before those options, with their defaults', () => {
    const {
      show_captions: _c,
      mute_videos: _m,
      ...old
    } = {
      ...DEFAULT_WIDGET_SETTINGS,
      feed: { layout: 'carousel', enabled: true },
      highlights: { layout: 'circle', enabled: false },
    };
    expect(parseSettingsFile(JSON.stringify(old))).toEqual({
      ok: true,
      settings: {
        ...DEFAULT_WIDGET_SETTINGS,
        feed: { ...DEFAULT_WIDGET_SETTINGS.feed, layout: 'carousel' },
        highlights: { ...DEFAULT_WIDGET_SETTINGS.highlights, enabled: false },
      },
    });
  });

  it('refuses a posts limit outside 3–50, naming the setting as the form does and the limit', () => {
    const bad = { ...DEFAULT_WIDGET_SETTINGS, feed: { ...DEFAULT_WIDGET_SETTINGS.feed, posts_limit: 80 } };
    expect(parseSettingsFile(JSON.stringify(bad))).toEqual({
      ok: false,
      problem: {
        kind: 'field',
        field: 'dashboard.display.posts_limit',
        fix: 'dashboard.transfer.fix.atMost',
        params: { max: 50 },
      },
    });
  });

  it('says a file that is not JSON, or JSON of something else, is not a Lamha settings export', () => {
    const notSettings = { ok: false, problem: { kind: 'not_settings' } };
    expect(parseSettingsFile('{not json')).toEqual(notSettings);
    expect(parseSettingsFile('[1, 2, 3]')).toEqual(notSettings);
    expect(parseSettingsFile(JSON.stringify({ name: 'lamha', version: '1.0.0', dependencies: {} }))).toEqual(
      notSettings,
    );
  });

  it('names a wrong colour by its label and says what a colour looks like', () => {
    const bad = { ...DEFAULT_WIDGET_SETTINGS, primary_color: 'red' };
    expect(parseSettingsFile(JSON.stringify(bad))).toEqual({
      ok: false,
      problem: {
        kind: 'field',
        field: 'dashboard.display.primaryColor',
        fix: 'dashboard.transfer.fix.colour',
      },
    });
  });

  it('names a key Lamha does not know', () => {
    const bad = { ...DEFAULT_WIDGET_SETTINGS, extra: 1 };
    const result = parseSettingsFile(JSON.stringify(bad));
    expect(result).toMatchObject({
      ok: false,
      problem: { fix: 'dashboard.transfer.fix.unknown', params: { name: 'extra' } },
    });
  });

  it('refuses negative margins, naming the margins', () => {
    const bad = structuredClone(DEFAULT_WIDGET_SETTINGS);
    bad.title_settings.title_margin.top = -1;
    expect(parseSettingsFile(JSON.stringify(bad))).toMatchObject({
      ok: false,
      problem: {
        field: 'dashboard.display.titleMargins',
        fix: 'dashboard.transfer.fix.atLeast',
        params: { min: 0 },
      },
    });
  });
});

describe("the store's platform for the Embed tab", () => {
  it('comes from the platform the store was installed from, else from its address', () => {
    expect(platformOfStore({ store_platform: 'zid', store_url: 'https://shop.example.sa' })).toBe('zid');
    expect(platformOfStore({ store_platform: 'other', store_url: 'https://salla.sa/my-shop' })).toBe('salla');
    expect(platformOfStore({ store_platform: 'other', store_url: 'roses.zid.store' })).toBe('zid');
    expect(platformOfStore({ store_platform: 'other', store_url: 'https://roses.myshopify.com' })).toBe(
      'shopify',
    );
    expect(platformOfStore({ store_platform: 'other', store_url: 'https://notsalla.sa' })).toBe('other');
    expect(platformOfStore({ store_platform: 'other', store_url: null })).toBe('other');
  });
});

describe('odds and ends', () => {
  it('adds https:// to a store address without a scheme', () => {
    expect(storeHref('shop.example.sa')).toBe('https://shop.example.sa');
    expect(storeHref('http://shop.example.sa')).toBe('http://shop.example.sa');
  });

  it('builds the embed snippet of product §2', () => {
    expect(embedSnippet('https://app.lamha.sa', 'key_123')).toBe(
      '<script\n  src="https://app.lamha.sa/widget.js"\n  data-merchant-id="key_123"\n  async defer></script>',
    );
  });

  it('lists the settings two versions disagree on', () => {
    const theirs = { ...DEFAULT_WIDGET_SETTINGS, primary_color: '#112233' };
    const mine = { ...DEFAULT_WIDGET_SETTINGS, density: { item_spacing: 10, items_per_row: 3 } };
    expect(changedPaths(mine, theirs).map((c) => c.path)).toEqual(['primary_color', 'density.items_per_row']);
    expect(sameSettings(mine, structuredClone(mine))).toBe(true);
  });
});
