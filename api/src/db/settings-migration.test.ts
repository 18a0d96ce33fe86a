import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { DEFAULT_WIDGET_SETTINGS, ZWidgetSettings } from '@app/shared';
import { upgradeSettingsDocument } from '../widget-settings/widget-preferences.repository.js';
import { migrationsFolder } from './database.js';

/**
 * Issue 33: the widget settings moved from about 40 columns into one jsonb document. This test starts from
 * a database as it was before (migrated up to the migration before the change), stores settings there the
 * old way, runs the remaining migrations and reads the documents back through the schema.
 */

const FIRST_TAG = 'issue33_settings_document';

/** A copy of the migrations folder whose journal stops before the settings document. */
function migrationsBefore(): { folder: string; cleanup: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), 'lamha-migrations-'));
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(FIRST_TAG));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { folder, cleanup: () => rmSync(folder, { recursive: true, force: true }) };
}

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Two merchants saved the old way: one with every column's default (its texts NULL), one customised. */
async function insertOldRows(query: Query): Promise<void> {
  const user = async (email: string) =>
    String((await query('insert into users (email) values ($1) returning id', [email])).rows[0]!.id);
  const plain = await user('plain@old.sa');
  const custom = await user('custom@old.sa');
  await query('insert into widget_preferences (merchant_id) values ($1)', [plain]);
  await query(
    `insert into widget_preferences (
       merchant_id, widget_enabled, feed_layout, feed_enabled, feed_posts_limit, feed_show_load_more,
       feed_autoplay, highlights_layout, highlights_enabled, highlights_limit, show_captions, mute_videos,
       primary_color, secondary_color, display_size, density_item_spacing, density_items_per_row,
       animation_type, widget_title, widget_subtitle, widget_title_en, widget_subtitle_en,
       widget_title_enabled, widget_subtitle_enabled, widget_title_margin_top, widget_title_margin_bottom,
       widget_title_margin_left, widget_title_margin_right, widget_subtitle_margin_top,
       widget_subtitle_margin_bottom, widget_subtitle_margin_left, widget_subtitle_margin_right,
       account_info_enabled, account_info_position, show_profile_picture, show_statistics,
       show_follow_button, follow_button_text, version
     ) values (
       $1, false, 'masonry', true, 30, false,
       true, 'square', false, 7, true, false,
       '#112233', '#fafafa', 'large', 6, 3,
       'zoom', 'جديدنا', null, 'New in', null,
       true, false, 8, 4,
       0, 2, 1,
       3, 5, 7,
       false, 'after_posts', false, true,
       false, 'تابع', 5
     )`,
    [custom],
  );
  // A value the schema no longer knows (the mapper showed it as the grid) is left for the default.
  const odd = await user('odd@old.sa');
  await query(
    `insert into widget_preferences (merchant_id, feed_layout, display_size) values ($1, 'zigzag', 'huge')`,
    [odd],
  );
}

async function checkDocuments(query: Query) {
  const rows = (
    await query(
      'select u.email, p.settings, p.settings_schema_version, p.version from widget_preferences p join users u on u.id = p.merchant_id order by u.email',
    )
  ).rows;
  const byEmail = Object.fromEntries(rows.map((r) => [r.email, r]));
  expect(rows).toHaveLength(3);
  for (const r of rows) expect(r.settings_schema_version).toBe(1);
  // Format 1 spelled its keys in camelCase; the server reads it in today's snake_case (docs/api.md).
  const read = (r: Record<string, unknown>) =>
    ZWidgetSettings.parse(upgradeSettingsDocument(Number(r.settings_schema_version), r.settings));

  // NULL texts are absent from the document, and the schema gives them the product's defaults.
  const plain = byEmail['plain@old.sa']!;
  expect(plain.settings).not.toHaveProperty('titleSettings.title');
  expect(plain.settings).not.toHaveProperty('accountInfo.followButtonText');
  expect(read(plain)).toEqual(DEFAULT_WIDGET_SETTINGS);

  const custom = byEmail['custom@old.sa']!;
  expect(custom.version).toBe(5);
  expect(custom.settings).toHaveProperty('titleSettings.titleEn', 'New in');
  // Built on the defaults: a setting added later (with its default) is in every parsed document.
  const d = DEFAULT_WIDGET_SETTINGS;
  expect(read(custom)).toEqual({
    ...d,
    widget_enabled: false,
    feed: {
      ...d.feed,
      layout: 'masonry',
      enabled: true,
      posts_limit: 30,
      show_load_more: false,
      autoplay: true,
    },
    highlights: { ...d.highlights, layout: 'square', enabled: false, limit: 7 },
    account_info: {
      ...d.account_info,
      enabled: false,
      position: 'after_posts',
      show_profile_picture: false,
      show_statistics: true,
      show_follow_button: false,
      follow_button_text: 'تابع',
    },
    primary_color: '#112233',
    secondary_color: '#fafafa',
    display_size: 'large',
    density: { ...d.density, item_spacing: 6, items_per_row: 3 },
    animation: { ...d.animation, type: 'zoom' },
    title_settings: {
      ...d.title_settings,
      title_enabled: true,
      subtitle_enabled: false,
      title: 'جديدنا',
      title_en: 'New in',
      title_margin: { top: 8, bottom: 4, left: 0, right: 2 },
      subtitle_margin: { top: 1, bottom: 3, left: 5, right: 7 },
    },
    show_captions: true,
    mute_videos: false,
  });

  const odd = read(byEmail['odd@old.sa']!);
  expect(odd.feed.layout).toBe('grid');
  expect(odd.display_size).toBe('medium');

  // The columns are gone.
  const columns = (
    await query(
      `select column_name from information_schema.columns where table_name = 'widget_preferences' order by column_name`,
    )
  ).rows.map((r) => r.column_name);
  expect(columns).toEqual([
    'created_at',
    'merchant_id',
    'settings',
    'settings_schema_version',
    'updated_at',
    'version',
  ]);
}

describe('the widget settings migration (issue 33), from a database before it', () => {
  const before = migrationsBefore();
  afterAll(() => before.cleanup());

  it('on PGlite', async () => {
    const client = new PGlite();
    try {
      const db = drizzlePglite(client);
      await migratePglite(db, { migrationsFolder: before.folder });
      const query: Query = (text, params) => client.query(text, params);
      await insertOldRows(query);
      await migratePglite(db, { migrationsFolder: migrationsFolder() });
      await checkDocuments(query);
    } finally {
      await client.close();
    }
    // A fresh PGlite (initdb) and every migration from the first: about 10 CPU-s, past 30 s of wall time
    // when the unit tests share the cores with the browser tests (seen in CI). A hang guard, not a speed check.
  }, 120_000);

  const adminUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!adminUrl)('on PostgreSQL', async () => {
    const name = `lamha_migration_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    try {
      await client.connect();
      const db = drizzlePg(client);
      await migratePg(db, { migrationsFolder: before.folder });
      const query: Query = (text, params) => client.query(text, params);
      await insertOldRows(query);
      await migratePg(db, { migrationsFolder: migrationsFolder() });
      await checkDocuments(query);
    } finally {
      await client.end();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
