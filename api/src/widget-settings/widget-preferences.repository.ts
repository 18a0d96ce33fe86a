import { and, eq, sql } from 'drizzle-orm';
import { snakeCaseKeys, ZWidgetSettings, type TWidgetSettings } from '@app/shared';
import type { Database } from '../db/database.js';
import { widgetPreferences } from '../db/schema.js';

/**
 * The format of the stored settings document (widget_preferences.settings_schema_version). A field added
 * with a default needs no new format; a renamed or reshaped one raises this and converts older documents
 * in `upgradeSettingsDocument` before parsing (they are written again in the new format on the next save).
 */
export const SETTINGS_SCHEMA_VERSION = 2;

/**
 * A stored document of an older format as the current one: format 1 spelled its keys in camelCase
 * (`titleSettings.titleEn`); format 2 spells them as the wire does, in snake_case (docs/api.md).
 */
export function upgradeSettingsDocument(format: number, document: unknown): unknown {
  if (format === 1) return snakeCaseKeys(document);
  if (format === SETTINGS_SCHEMA_VERSION) return document;
  throw new Error(`widget settings format ${format} is not known to this version`);
}

/** A merchant's widget settings as stored: the parsed document and its optimistic-concurrency version. */
export interface WidgetPreferences {
  settings: TWidgetSettings;
  version: number;
}

export type SaveResult =
  | { ok: true; preferences: WidgetPreferences }
  | { ok: false; reason: 'conflict'; current: WidgetPreferences };

/**
 * The stored document through the one schema: fields added since it was written get their defaults.
 * A document the schema rejects is a bug (the server saves only parsed settings), so it throws.
 */
function toPreferences(row: typeof widgetPreferences.$inferSelect): WidgetPreferences {
  const document = upgradeSettingsDocument(row.settingsSchemaVersion, row.settings);
  return { settings: ZWidgetSettings.parse(document), version: row.version };
}

export class WidgetPreferencesRepository {
  constructor(private readonly db: Database) {}

  async find(merchantId: string): Promise<WidgetPreferences | undefined> {
    const [row] = await this.db
      .select()
      .from(widgetPreferences)
      .where(eq(widgetPreferences.merchantId, merchantId))
      .limit(1);
    return row && toPreferences(row);
  }

  /** The merchant's settings, stored as the schema's defaults the first time. */
  async findOrCreate(merchantId: string): Promise<WidgetPreferences> {
    await this.db
      .insert(widgetPreferences)
      .values({ merchantId, settings: {}, settingsSchemaVersion: SETTINGS_SCHEMA_VERSION })
      .onConflictDoNothing();
    const found = await this.find(merchantId);
    if (!found) throw new Error(`widget preferences for ${merchantId} missing after insert`);
    return found;
  }

  /**
   * Saves the settings only if the row is still at `expectedVersion` (optimistic concurrency): a client that
   * edited an old copy gets the current one back instead of overwriting someone else's change.
   */
  async save(merchantId: string, expectedVersion: number, settings: TWidgetSettings): Promise<SaveResult> {
    await this.findOrCreate(merchantId);
    const [row] = await this.db
      .update(widgetPreferences)
      .set({
        // Parsed again so nothing the schema rejects is ever stored.
        settings: ZWidgetSettings.parse(settings),
        settingsSchemaVersion: SETTINGS_SCHEMA_VERSION,
        updatedAt: sql`now()`,
        version: sql`${widgetPreferences.version} + 1`,
      })
      .where(
        and(eq(widgetPreferences.merchantId, merchantId), eq(widgetPreferences.version, expectedVersion)),
      )
      .returning();
    if (row) return { ok: true, preferences: toPreferences(row) };
    const current = await this.find(merchantId);
    if (!current) throw new Error(`widget preferences for ${merchantId} vanished`);
    return { ok: false, reason: 'conflict', current };
  }
}
