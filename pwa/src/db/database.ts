import { Dexie, type EntityTable } from 'dexie';
import {
  snakeCaseKeys,
  ZWidgetSettings,
  type TLanguage,
  type TMerchant,
  type TSettingsSaved,
  type TWidgetInit,
  type TWidgetSettings,
} from '@app/shared';

/** The merchant as last read from GET /api/merchant, for the dashboard to open offline. */
export interface TMerchantRecord {
  userId: string;
  merchant: TMerchant;
  /** Milliseconds since the epoch. */
  fetchedAt: number;
}

/** The newest settings the server is known to hold for a merchant. */
export interface TSavedSettingsRecord {
  userId: string;
  settings: TWidgetSettings;
  version: number;
  updatedAt: number;
}

/**
 * One editor's unsaved settings. An editor is one browser tab (see editor-identity.ts): two tabs are two
 * editors, exactly as two devices are, so one can never silently overwrite the other's edits.
 * `baseSettings`/`baseVersion` are the server copy the edits started from.
 */
export interface TDraftRecord {
  editorId: string;
  userId: string;
  settings: TWidgetSettings;
  baseSettings: TWidgetSettings;
  baseVersion: number;
  updatedAt: number;
}

export type TOutboxState = 'pending' | 'sending' | 'conflict';

/** A settings save waiting to reach the server (offline, or in flight). */
export interface TOutboxEntry {
  id?: number;
  userId: string;
  editorId: string;
  settings: TWidgetSettings;
  baseVersion: number;
  language?: TLanguage;
  state: TOutboxState;
  createdAt: number;
  attempts: number;
  /** The server's copy when it answered 409: shown beside ours until the merchant chooses. */
  conflict?: TSettingsSaved;
}

/** The widget's public answer for a key: the content the live preview shows, kept for offline use. */
export interface TPreviewRecord {
  widgetKey: string;
  init: TWidgetInit;
  fetchedAt: number;
}

export interface TMetaRecord {
  key: string;
  value: string;
}

export const DATABASE_NAME = 'lamha';

export class LamhaDatabase extends Dexie {
  merchants!: EntityTable<TMerchantRecord, 'userId'>;
  savedSettings!: EntityTable<TSavedSettingsRecord, 'userId'>;
  drafts!: EntityTable<TDraftRecord, 'editorId'>;
  outbox!: EntityTable<TOutboxEntry, 'id'>;
  previews!: EntityTable<TPreviewRecord, 'widgetKey'>;
  meta!: EntityTable<TMetaRecord, 'key'>;

  constructor(options?: ConstructorParameters<typeof Dexie>[1]) {
    super(DATABASE_NAME, options);
    this.version(1).stores({
      merchants: 'userId',
      savedSettings: 'userId',
      drafts: 'editorId, userId, updatedAt',
      outbox: '++id, userId, editorId, state',
      previews: 'widgetKey',
      meta: 'key',
    });
    // Settings kept on this device before issue 20's fields get their defaults (what the server's schema
    // gives the same settings), so the editor never meets a missing posts limit or caption switch.
    this.version(2)
      .stores({})
      .upgrade(async (tx) => {
        await tx
          .table<TMerchantRecord>('merchants')
          .toCollection()
          .modify((r) => {
            r.merchant.display_settings = withSettingsDefaults(r.merchant.display_settings);
          });
        await tx
          .table<TSavedSettingsRecord>('savedSettings')
          .toCollection()
          .modify((r) => {
            r.settings = withSettingsDefaults(r.settings);
          });
        await tx
          .table<TDraftRecord>('drafts')
          .toCollection()
          .modify((r) => {
            r.settings = withSettingsDefaults(r.settings);
            r.baseSettings = withSettingsDefaults(r.baseSettings);
          });
        await tx
          .table<TOutboxEntry>('outbox')
          .toCollection()
          .modify((r) => {
            r.settings = withSettingsDefaults(r.settings);
            if (r.conflict) r.conflict.settings = withSettingsDefaults(r.conflict.settings);
          });
      });
    // The wire became snake_case (docs/api.md): settings and previews kept on this device before then
    // spell their keys in camelCase.
    this.version(3)
      .stores({})
      .upgrade(async (tx) => {
        const upgrade = (s: TWidgetSettings) => withSettingsDefaults(snakeCaseKeys(s));
        await tx
          .table<TMerchantRecord>('merchants')
          .toCollection()
          .modify((r) => {
            r.merchant.display_settings = upgrade(r.merchant.display_settings);
          });
        await tx
          .table<TSavedSettingsRecord>('savedSettings')
          .toCollection()
          .modify((r) => {
            r.settings = upgrade(r.settings);
          });
        await tx
          .table<TDraftRecord>('drafts')
          .toCollection()
          .modify((r) => {
            r.settings = upgrade(r.settings);
            r.baseSettings = upgrade(r.baseSettings);
          });
        await tx
          .table<TOutboxEntry>('outbox')
          .toCollection()
          .modify((r) => {
            r.settings = upgrade(r.settings);
            if (r.conflict) r.conflict.settings = upgrade(r.conflict.settings);
          });
        await tx
          .table<TPreviewRecord>('previews')
          .toCollection()
          .modify((r) => {
            r.init = snakeCaseKeys(r.init);
          });
      });
  }
}

/** Stored settings with the fields added since they were stored filled in; left as they are if unreadable. */
function withSettingsDefaults(settings: TWidgetSettings): TWidgetSettings {
  const parsed = ZWidgetSettings.safeParse(settings);
  return parsed.success ? parsed.data : settings;
}
