import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  DEFAULT_WIDGET_SETTINGS,
  TIER_IDS,
  ZAccountSaved,
  ZApiError,
  ZContentStatus,
  ZInstagramValidated,
  ZMerchant,
  ZRefreshStarted,
  ZSettingsConflict,
  ZSettingsSaved,
  ZWidgetInit,
  type TWidgetSettings,
} from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import { createTestRuntime } from '../testing/runtime.js';
import { createServices, type Repositories, type Services } from '../services.js';
import { testRepositories } from '../testing/repositories.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import { signInForTest } from '../testing/sign-in.js';

describe.each(databaseBackends)('merchant API on $name', (backend) => {
  let runtime: Runtime;
  let services: Services;
  let repos: Repositories;
  let http: RunningServer;

  const signIn = (email: string) => signInForTest(runtime, http.url, email);

  beforeAll(async () => {
    runtime = await createTestRuntime({
      database: await backend.open(),
      env: { SUPPORT_CHAT_URL: 'https://wa.me/966500000000' },
    });
    services = createServices(runtime, { random: () => 0.5 });
    repos = testRepositories(runtime);
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
  });
  afterAll(async () => {
    await http.close();
    await runtime.close();
  });

  it('assembles the merchant with the product fallbacks', async () => {
    const { call } = await signIn('new@shop.sa');
    expect((await fetch(`${http.url}/api/merchant`)).status).toBe(401);
    const merchant = ZMerchant.parse(await (await call('GET', '/api/merchant')).json());
    expect(merchant).toMatchObject({
      business_name: 'Store Name',
      instagram_username: null,
      public_widget_key: null,
      email: 'new@shop.sa',
      store_platform: 'other',
      subscription_tier: 'trial',
      subscription_plan: 'trial',
      subscription_status: 'trial',
      language_preference: 'ar',
      widget_content_ready: false,
      salla_connection: null,
      support_chat_url: 'https://wa.me/966500000000',
      settings_version: 1,
    });
    expect(merchant.display_settings).toEqual(DEFAULT_WIDGET_SETTINGS);
    expect(new Date(merchant.trial_ends_at ?? 0).getTime()).toBeGreaterThan(Date.now());
  });

  it("answers /api/merchant* and the username check in the shared schemas' shapes (what the PWA parses)", async () => {
    const { call } = await signIn('shapes@shop.sa');
    const validated = await call('POST', '/api/instagram/validate', { username: ' @Shapes.Shop ' });
    expect(validated.status).toBe(200);
    expect(ZInstagramValidated.parse(await validated.json()).status).toBe('success');
    const saved = await call('PUT', '/api/merchant/account', {
      instagram_username: '@Shapes.Shop',
      email: 'contact@shop.sa',
    });
    expect(ZAccountSaved.parse(await saved.json())).toMatchObject({
      instagram_username: 'shapes.shop',
      email: 'contact@shop.sa',
    });
    const refresh = await call('POST', '/api/merchant/refresh');
    expect(refresh.status).toBe(202);
    expect(ZRefreshStarted.parse(await refresh.json()).message).not.toBe('');
    ZContentStatus.parse(await (await call('GET', '/api/merchant/content-status')).json());
    expect(ZMerchant.parse(await (await call('GET', '/api/merchant')).json()).instagram_username).toBe(
      'shapes.shop',
    );
  });

  it('saves only the e-mail when no username is sent (the hidden username path), and refuses an empty update', async () => {
    const { call } = await signIn('email-only@shop.sa');
    const saved = await call('PUT', '/api/merchant/account', { email: 'contact@email-only.sa' });
    expect(saved.status).toBe(200);
    expect(ZAccountSaved.parse(await saved.json())).toMatchObject({
      instagram_username: null,
      public_widget_key: null,
      email: 'contact@email-only.sa',
    });
    const merchant = ZMerchant.parse(await (await call('GET', '/api/merchant')).json());
    expect(merchant).toMatchObject({ email: 'contact@email-only.sa', instagram_username: null });
    const empty = await call('PUT', '/api/merchant/account', {});
    expect(empty.status).toBe(400);
    expect(ZApiError.parse(await empty.json()).error.message).toContain(
      'Please enter an Instagram username.',
    );
  });

  it('saves settings with optimistic concurrency and rebuilds the snapshot', async () => {
    const { call, userId } = await signIn('settings@shop.sa');
    await call('PUT', '/api/merchant/account', { instagram_username: 'settings.shop' });
    const next: TWidgetSettings = {
      ...DEFAULT_WIDGET_SETTINGS,
      primary_color: '#112233',
      density: { item_spacing: 6, items_per_row: 3 },
      title_settings: {
        ...DEFAULT_WIDGET_SETTINGS.title_settings,
        title: 'Follow us',
        title_margin: { top: 8, bottom: 4, left: 0, right: 0 },
      },
    };
    const saved = await call('PUT', '/api/merchant/settings', { version: 1, settings: next, language: 'en' });
    expect(saved.status).toBe(200);
    const body = ZSettingsSaved.parse(await saved.json());
    expect(body.version).toBe(2);
    expect(body.settings.primary_color).toBe('#112233');

    // The store sees the change: the snapshot carries the new customisation.
    const key = (await repos.accounts.findByUserId(userId))!.publicWidgetKey;
    const init = ZWidgetInit.parse(JSON.parse((await repos.snapshots.findByWidgetKey(key))!.body));
    expect(init.data.config.customization_options.colors.primary).toBe('#112233');
    expect(init.data.config.customization_options.density.items_per_row).toBe(3);
    expect(init.data.config.language).toBe('en');

    // Another tab still holding version 1 gets the server's copy back, not a silent overwrite.
    const stale = await call('PUT', '/api/merchant/settings', {
      version: 1,
      settings: { ...next, primary_color: '#ffffff' },
    });
    expect(stale.status).toBe(409);
    const conflict = ZSettingsConflict.parse(await stale.json());
    expect(conflict.error.details).toMatchObject({ version: 2, settings: { primary_color: '#112233' } });
  });

  it('carries the layout, limits, captions, muting and motion into the snapshot, posts limit held to the plan', async () => {
    const { call, userId } = await signIn('layouts@shop.sa');
    await call('PUT', '/api/merchant/account', { instagram_username: 'layouts.shop' });
    await repos.subscriptions.replaceActive({
      userId,
      tierId: TIER_IDS.basic,
      source: 'direct',
      startDate: new Date(),
      endDate: null,
    });
    const next: TWidgetSettings = {
      ...DEFAULT_WIDGET_SETTINGS,
      feed: {
        layout: 'masonry',
        enabled: true,
        posts_limit: 30,
        show_load_more: false,
        autoplay: true,
        show_counts: false,
      },
      highlights: { layout: 'square', enabled: true, limit: 3 },
      animation: { type: 'slide' },
      show_captions: true,
      mute_videos: false,
    };
    const saved = await call('PUT', '/api/merchant/settings', { version: 1, settings: next });
    expect(saved.status).toBe(200);
    // The merchant's choice is kept as chosen (it applies again after an upgrade)…
    expect(ZSettingsSaved.parse(await saved.json()).settings).toEqual(next);
    expect(ZMerchant.parse(await (await call('GET', '/api/merchant')).json()).display_settings).toEqual(next);

    // …and the store gets it with the plan applied: Basic serves at most 12 posts.
    const key = (await repos.accounts.findByUserId(userId))!.publicWidgetKey;
    const options = ZWidgetInit.parse(JSON.parse((await repos.snapshots.findByWidgetKey(key))!.body)).data
      .config.customization_options;
    expect(options.feed).toEqual({
      enabled: true,
      layout: 'masonry',
      posts_limit: 12,
      show_load_more: false,
      autoplay: true,
      show_counts: false,
    });
    expect(options.highlights).toMatchObject({ layout: 'square', enabled: false });
    expect(options.text.show_captions).toBe(true);
    expect(options.mute_videos).toBe(false);
    expect(options.animation).toBe('slide');

    // Within the plan the limit goes through unchanged.
    const within = await call('PUT', '/api/merchant/settings', {
      version: 2,
      settings: { ...next, feed: { ...next.feed, posts_limit: 4 } },
    });
    expect(within.status).toBe(200);
    const after = ZWidgetInit.parse(JSON.parse((await repos.snapshots.findByWidgetKey(key))!.body));
    expect(after.data.config.customization_options.feed.posts_limit).toBe(4);
  });

  it('accepts settings saved or exported before the issue 20 fields, filling in the defaults', async () => {
    const { call } = await signIn('old-export@shop.sa');
    const {
      show_captions: _c,
      mute_videos: _m,
      ...old
    } = {
      ...DEFAULT_WIDGET_SETTINGS,
      primary_color: '#334455',
      feed: { layout: 'carousel', enabled: true },
      highlights: { layout: 'square', enabled: true },
    };
    const saved = await call('PUT', '/api/merchant/settings', { version: 1, settings: old });
    expect(saved.status).toBe(200);
    const { settings } = ZSettingsSaved.parse(await saved.json());
    expect(settings).toEqual({
      ...DEFAULT_WIDGET_SETTINGS,
      primary_color: '#334455',
      feed: { ...DEFAULT_WIDGET_SETTINGS.feed, layout: 'carousel' },
      highlights: { ...DEFAULT_WIDGET_SETTINGS.highlights, layout: 'square' },
    });
  });

  it('rejects a posts limit or highlight limit out of bounds, saying which and why', async () => {
    const { call } = await signIn('bounds@shop.sa');
    const few = await call('PUT', '/api/merchant/settings', {
      version: 1,
      settings: { ...DEFAULT_WIDGET_SETTINGS, feed: { ...DEFAULT_WIDGET_SETTINGS.feed, posts_limit: 2 } },
    });
    expect(few.status).toBe(400);
    expect(ZApiError.parse(await few.json()).error.message).toMatch(/feed\.posts_limit.*at least 3/);
    const many = await call('PUT', '/api/merchant/settings', {
      version: 1,
      settings: {
        ...DEFAULT_WIDGET_SETTINGS,
        highlights: { ...DEFAULT_WIDGET_SETTINGS.highlights, limit: 21 },
      },
    });
    expect(many.status).toBe(400);
    expect(ZApiError.parse(await many.json()).error.message).toMatch(/highlights\.limit.*at most 20/);
    expect(ZMerchant.parse(await (await call('GET', '/api/merchant')).json()).settings_version).toBe(1);
  });

  it('rejects unknown keys by name and negative margins, changing nothing', async () => {
    const { call } = await signIn('strict@shop.sa');
    const extra = await call('PUT', '/api/merchant/settings', {
      version: 1,
      settings: { ...DEFAULT_WIDGET_SETTINGS, sparkles: true },
    });
    expect(extra.status).toBe(400);
    expect(ZApiError.parse(await extra.json()).error.message).toMatch(/sparkles/);
    const negative = await call('PUT', '/api/merchant/settings', {
      version: 1,
      settings: {
        ...DEFAULT_WIDGET_SETTINGS,
        title_settings: {
          ...DEFAULT_WIDGET_SETTINGS.title_settings,
          subtitle_margin: { top: -4, bottom: 0, left: 0, right: 0 },
        },
      },
    });
    expect(negative.status).toBe(400);
    expect(ZApiError.parse(await negative.json()).error.message).toMatch(/subtitle_margin\.top/);
    const merchant = ZMerchant.parse(await (await call('GET', '/api/merchant')).json());
    expect(merchant.settings_version).toBe(1);
  });

  it('no longer grants a plan without payment: 402 payment_required pointing at checkout', async () => {
    const { call } = await signIn('plan@shop.sa');
    const pro = await call('POST', '/api/user/subscription', { tierId: TIER_IDS.pro });
    expect(pro.status).toBe(402);
    expect(ZApiError.parse(await pro.json()).error).toMatchObject({
      code: 'payment_required',
      details: { checkout: '/api/billing/checkout' },
    });
    const merchant = ZMerchant.parse(await (await call('GET', '/api/merchant')).json());
    expect(merchant).toMatchObject({ subscription_plan: 'trial', subscription_tier_id: null });
  });

  it('leaves Salla and Zid subscriptions to their platform', async () => {
    const { call, userId } = await signIn('salla@shop.sa');
    await runtime.database.db.execute(
      sql`insert into salla_connections (user_id, store_id) values (${userId}, '5551')`,
    );
    const merchant = ZMerchant.parse(await (await call('GET', '/api/merchant')).json());
    expect(merchant.store_platform).toBe('salla');
    expect(merchant.salla_connection).toEqual({ expires_at: null });
    const refused = await call('POST', '/api/billing/checkout', { tier: 'basic', period: 'monthly' });
    expect(refused.status).toBe(409);
    expect(ZApiError.parse(await refused.json()).error.code).toBe('platform_managed');
  });
});
