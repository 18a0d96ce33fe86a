import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_WIDGET_SETTINGS, TIER_IDS } from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import type { DatabaseHandle } from './database.js';
import { UsersRepository } from '../users/users.repository.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import {
  SETTINGS_SCHEMA_VERSION,
  WidgetPreferencesRepository,
} from '../widget-settings/widget-preferences.repository.js';
import { widgetPreferences } from './schema.js';

describe.each(databaseBackends)('database on $name', (backend) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await backend.open();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('applies the migrations and seeds the two tiers with fixed ids', async () => {
    expect(handle.kind).toBe(backend.name);
    const tiers = await new SubscriptionsRepository(handle.db).listTiers();
    expect(tiers.map((t) => [t.id, t.code, t.name])).toEqual([
      [TIER_IDS.basic, 'basic', 'Basic'],
      [TIER_IDS.pro, 'pro', 'Professional'],
    ]);
  });

  it('keeps e-mail unique regardless of case, and finds or creates users', async () => {
    const repo = new UsersRepository(handle.db);
    const first = await repo.findOrCreate({ email: ' Owner@Shop.SA ' });
    expect(first.created).toBe(true);
    expect(first.user.email).toBe('owner@shop.sa');
    expect(first.user.language).toBe('ar');
    expect(first.user.isAdmin).toBe(false);
    const again = await repo.findOrCreate({ email: 'owner@shop.sa' });
    expect(again.created).toBe(false);
    expect(again.user.id).toBe(first.user.id);
    await expect(
      handle.db.execute(sql`insert into users (email) values ('OWNER@shop.sa')`),
    ).rejects.toThrow();
  });

  it('grants and revokes the admin role', async () => {
    const repo = new UsersRepository(handle.db);
    await repo.findOrCreate({ email: 'admin@shop.sa' });
    expect((await repo.setAdmin('ADMIN@shop.sa', true))?.isAdmin).toBe(true);
    expect((await repo.setAdmin('admin@shop.sa', false))?.isAdmin).toBe(false);
    expect(await repo.setAdmin('nobody@shop.sa', true)).toBeUndefined();
  });

  it('keeps one active subscription per user', async () => {
    const { user } = await new UsersRepository(handle.db).findOrCreate({ email: 'sub@shop.sa' });
    const repo = new SubscriptionsRepository(handle.db);
    expect(await repo.findActive(user.id)).toBeUndefined();
    await repo.replaceActive({
      userId: user.id,
      tierId: TIER_IDS.basic,
      source: 'direct',
      startDate: new Date(),
      endDate: null,
    });
    await repo.replaceActive({
      userId: user.id,
      tierId: TIER_IDS.pro,
      source: 'direct',
      startDate: new Date(),
      endDate: null,
    });
    const active = await repo.findActive(user.id);
    expect(active?.tier.code).toBe('pro');
    // Both drivers answer with `rows`; the shared database type does not say so.
    const rows = (await handle.db.execute(
      sql`select count(*)::int as n from user_subscriptions where user_id = ${user.id}`,
    )) as unknown as { rows: unknown[] };
    expect(rows.rows[0]).toEqual({ n: 2 });
  });

  it('saves widget preferences with optimistic concurrency', async () => {
    const { user } = await new UsersRepository(handle.db).findOrCreate({ email: 'prefs@shop.sa' });
    const repo = new WidgetPreferencesRepository(handle.db);
    const initial = await repo.findOrCreate(user.id);
    // A new merchant's document is the schema's defaults, stored as such.
    expect(initial).toEqual({ settings: DEFAULT_WIDGET_SETTINGS, version: 1 });
    const pink = { ...DEFAULT_WIDGET_SETTINGS, primary_color: '#ff0066' };
    const saved = await repo.save(user.id, 1, pink);
    expect(saved).toEqual({ ok: true, preferences: { settings: pink, version: 2 } });
    // A second editor still holding version 1 must not overwrite the change.
    const stale = await repo.save(user.id, 1, { ...DEFAULT_WIDGET_SETTINGS, primary_color: '#00ff00' });
    expect(stale).toEqual({ ok: false, reason: 'conflict', current: { settings: pink, version: 2 } });
    // Nothing the schema rejects is stored.
    const negative = structuredClone(pink);
    negative.title_settings.title_margin.top = -1;
    await expect(repo.save(user.id, 2, negative)).rejects.toThrow(/title_margin/);
    expect((await repo.find(user.id))?.settings).toEqual(pink);
  });

  it('reads a settings document stored in format 1 (camelCase keys) and saves it in format 2', async () => {
    const { user } = await new UsersRepository(handle.db).findOrCreate({ email: 'format1@shop.sa' });
    const repo = new WidgetPreferencesRepository(handle.db);
    await repo.findOrCreate(user.id);
    // As the settings migration (0020) and the server before the snake_case wire wrote it.
    const old = {
      widgetEnabled: false,
      feed: { layout: 'carousel', postsLimit: 12, showLoadMore: false },
      accountInfo: { followButtonText: 'تابع' },
      titleSettings: { titleEn: 'New in', titleMargin: { top: 8 } },
      muteVideos: false,
    };
    await handle.db
      .update(widgetPreferences)
      .set({ settings: old, settingsSchemaVersion: 1 })
      .where(eq(widgetPreferences.merchantId, user.id));
    const d = DEFAULT_WIDGET_SETTINGS;
    const expected = {
      ...d,
      widget_enabled: false,
      feed: { ...d.feed, layout: 'carousel' as const, posts_limit: 12, show_load_more: false },
      account_info: { ...d.account_info, follow_button_text: 'تابع' },
      title_settings: {
        ...d.title_settings,
        title_en: 'New in',
        title_margin: { ...d.title_settings.title_margin, top: 8 },
      },
      mute_videos: false,
    };
    expect((await repo.find(user.id))?.settings).toEqual(expected);
    await repo.save(user.id, 1, expected);
    const [row] = await handle.db
      .select()
      .from(widgetPreferences)
      .where(eq(widgetPreferences.merchantId, user.id));
    expect(row?.settingsSchemaVersion).toBe(SETTINGS_SCHEMA_VERSION);
    expect(row?.settings).toHaveProperty('title_settings.title_en', 'New in');
  });
});

describe.runIf(databaseBackends.some((b) => b.name === 'postgres'))('the PostgreSQL pool', () => {
  it('survives a connection lost in the middle of a transaction', async () => {
    const handle = await databaseBackends.find((b) => b.name === 'postgres')!.open();
    try {
      const lost = handle.db.transaction(async (tx) => {
        const result = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
        const pid = (result as unknown as { rows: { pid: number }[] }).rows[0]!.pid;
        // Another connection of the pool ends this one while the transaction holds it between statements.
        await handle.db.execute(sql`select pg_terminate_backend(${pid})`);
        // Let the server's goodbye reach the idle client before the next statement.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      });
      // The transaction fails, the process does not crash, and the pool serves the next query.
      await expect(lost).rejects.toThrow();
      await handle.ping();
    } finally {
      await handle.close();
    }
  });
});
