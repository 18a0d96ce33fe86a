import { describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { DEFAULT_WIDGET_SETTINGS } from '@app/shared';
import { DATABASE_NAME, LamhaDatabase } from './database';

/** Settings as the app stored them before issue 20: no posts limit, highlight limit, captions or muting. */
const { show_captions: _c, mute_videos: _m, ...rest } = DEFAULT_WIDGET_SETTINGS;
const oldSettings = {
  ...rest,
  primary_color: '#223344',
  feed: { layout: 'carousel', enabled: true },
  highlights: { layout: 'square', enabled: true },
};
const filled = {
  ...DEFAULT_WIDGET_SETTINGS,
  primary_color: '#223344',
  feed: { ...DEFAULT_WIDGET_SETTINGS.feed, layout: 'carousel' },
  highlights: { ...DEFAULT_WIDGET_SETTINGS.highlights, layout: 'square' },
};

describe('local database upgrade', () => {
  it('fills the settings kept on this device before issue 20 with the defaults', async () => {
    const deps = { indexedDB: new IDBFactory(), IDBKeyRange };
    // The database as the previous app version left it.
    const before = new Dexie(DATABASE_NAME, deps);
    before.version(1).stores({
      merchants: 'userId',
      savedSettings: 'userId',
      drafts: 'editorId, userId, updatedAt',
      outbox: '++id, userId, editorId, state',
      previews: 'widgetKey',
      meta: 'key',
    });
    await before.table('merchants').put({ userId: 'u1', merchant: { display_settings: oldSettings } });
    await before.table('savedSettings').put({ userId: 'u1', settings: oldSettings, version: 3 });
    await before.table('drafts').put({
      editorId: 'e1',
      userId: 'u1',
      settings: oldSettings,
      baseSettings: oldSettings,
      baseVersion: 3,
      updatedAt: 1,
    });
    await before.table('outbox').put({
      userId: 'u1',
      editorId: 'e1',
      settings: oldSettings,
      baseVersion: 3,
      state: 'conflict',
      createdAt: 1,
      attempts: 1,
      conflict: { settings: oldSettings, version: 4 },
    });
    before.close();

    const after = new LamhaDatabase(deps);
    await after.open();
    expect((await after.merchants.get('u1'))?.merchant.display_settings).toEqual(filled);
    expect((await after.savedSettings.get('u1'))?.settings).toEqual(filled);
    const draft = await after.drafts.get('e1');
    expect(draft?.settings).toEqual(filled);
    expect(draft?.baseSettings).toEqual(filled);
    const [entry] = await after.outbox.toArray();
    expect(entry?.settings).toEqual(filled);
    expect(entry?.conflict?.settings).toEqual(filled);
    after.close();
  });

  it('reads the settings and previews kept before the wire became snake_case', async () => {
    const deps = { indexedDB: new IDBFactory(), IDBKeyRange };
    /** A document as the app stored it then: the same keys in camelCase. */
    const camel = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(camel)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v).map(([k, x]) => [
                k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
                camel(x),
              ]),
            )
          : v;
    const settings = { ...filled, title_settings: { ...filled.title_settings, title_en: 'New in' } };
    const oldCamel = camel(settings) as Record<string, unknown>;
    expect(oldCamel).toHaveProperty('titleSettings.titleEn', 'New in');
    const init = {
      config: { widget_enabled: true, customization_options: { title_settings: { title_en: 'x' } } },
    };
    const before = new Dexie(DATABASE_NAME, deps);
    before.version(2).stores({
      merchants: 'userId',
      savedSettings: 'userId',
      drafts: 'editorId, userId, updatedAt',
      outbox: '++id, userId, editorId, state',
      previews: 'widgetKey',
      meta: 'key',
    });
    await before.table('merchants').put({ userId: 'u1', merchant: { display_settings: oldCamel } });
    await before.table('savedSettings').put({ userId: 'u1', settings: oldCamel, version: 3 });
    await before.table('drafts').put({
      editorId: 'e1',
      userId: 'u1',
      settings: oldCamel,
      baseSettings: oldCamel,
      baseVersion: 3,
      updatedAt: 1,
    });
    await before.table('previews').put({ widgetKey: 'k1', init: camel(init), fetchedAt: 1 });
    before.close();

    const after = new LamhaDatabase(deps);
    await after.open();
    expect((await after.merchants.get('u1'))?.merchant.display_settings).toEqual(settings);
    expect((await after.savedSettings.get('u1'))?.settings).toEqual(settings);
    expect((await after.drafts.get('e1'))?.baseSettings).toEqual(settings);
    expect((await after.previews.get('k1'))?.init).toEqual(init);
    after.close();
  });
});
