import { Dexie } from 'dexie';
import type { TMerchant, TSettingsSaved, TWidgetInit, TWidgetSettings, TLanguage } from '@app/shared';
import {
  LamhaDatabase,
  type TDraftRecord,
  type TMerchantRecord,
  type TOutboxEntry,
  type TPreviewRecord,
  type TSavedSettingsRecord,
} from './database';
import { forgetEditorIdForTests } from './editor-identity';

/**
 * All IndexedDB access of the PWA (conventions: excalidraw's LocalData). Components never see Dexie: they
 * call these functions, or pass the read functions to `useLiveQuery` so the UI follows the stored data.
 *
 * Storage can be missing or refuse to open (private windows of some browsers, a full disk). Then the same
 * code runs on an in-memory IndexedDB for this visit, and `isPersistent()` says so.
 */
let database: LamhaDatabase | undefined;
let opening: Promise<LamhaDatabase> | undefined;
let persistent = true;
const now = () => Date.now();

async function openInMemory(): Promise<LamhaDatabase> {
  const fake = await import('fake-indexeddb');
  // Dexie's live queries read these process-wide dependencies, not only the instance's options.
  Dexie.dependencies.indexedDB = fake.indexedDB;
  Dexie.dependencies.IDBKeyRange = fake.IDBKeyRange;
  const db = new LamhaDatabase({ indexedDB: fake.indexedDB, IDBKeyRange: fake.IDBKeyRange });
  await db.open();
  return db;
}

/** Opens the local database once; later calls share the same promise. */
export function openLocalData(): Promise<LamhaDatabase> {
  opening ??= (async () => {
    try {
      if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available');
      const db = new LamhaDatabase();
      await db.open();
      database = db;
    } catch {
      persistent = false;
      database = await openInMemory();
    }
    return database;
  })();
  return opening;
}

/** False when this visit runs on the in-memory fallback (nothing survives a reload). */
export function isPersistent(): boolean {
  return persistent;
}

function db(): LamhaDatabase {
  if (!database) throw new Error('openLocalData() must finish before local data is used.');
  return database;
}

/** For tests: forget everything and start from an empty database, in a new editor (tab). */
export async function resetLocalDataForTests(): Promise<void> {
  forgetEditorIdForTests();
  await openLocalData();
  await clearLocalData();
}

// ---- who was signed in last (the offline dashboard opens their copy) -----------------------------------

export async function rememberSignedInUser(userId: string): Promise<void> {
  await db().meta.put({ key: 'lastUserId', value: userId });
}

export async function lastSignedInUser(): Promise<string | undefined> {
  return (await db().meta.get('lastUserId'))?.value;
}

// ---- merchant ------------------------------------------------------------------------------------------

export function readMerchant(userId: string): Promise<TMerchantRecord | undefined> {
  return db().merchants.get(userId);
}

/** Stores a fresh server copy; its settings also become the newest known saved settings. */
export async function storeMerchant(merchant: TMerchant): Promise<void> {
  const d = db();
  await d.transaction('rw', d.merchants, d.savedSettings, async () => {
    await d.merchants.put({ userId: merchant.user_id, merchant, fetchedAt: now() });
    await putSavedIfNewer(merchant.user_id, {
      settings: merchant.display_settings,
      version: merchant.settings_version,
    });
  });
}

/** Changes some fields of the stored merchant (content status, account update) without a full reload. */
export async function patchMerchant(userId: string, patch: Partial<TMerchant>): Promise<void> {
  const d = db();
  await d.transaction('rw', d.merchants, async () => {
    const record = await d.merchants.get(userId);
    if (record) await d.merchants.put({ ...record, merchant: { ...record.merchant, ...patch } });
  });
}

// ---- settings: saved copy, drafts, outbox ---------------------------------------------------------------

export function readSavedSettings(userId: string): Promise<TSavedSettingsRecord | undefined> {
  return db().savedSettings.get(userId);
}

async function putSavedIfNewer(userId: string, saved: TSettingsSaved): Promise<void> {
  const current = await db().savedSettings.get(userId);
  if (current && current.version > saved.version) return;
  await db().savedSettings.put({
    userId,
    settings: saved.settings,
    version: saved.version,
    updatedAt: now(),
  });
}

export function readDraft(editorId: string): Promise<TDraftRecord | undefined> {
  return db().drafts.get(editorId);
}

export async function writeDraft(draft: Omit<TDraftRecord, 'updatedAt'>): Promise<void> {
  await db().drafts.put({ ...draft, updatedAt: now() });
}

/** Only the edited settings; the base stays what it was (a sync may have moved it meanwhile). */
export async function writeDraftSettings(editorId: string, settings: TWidgetSettings): Promise<void> {
  const d = db();
  await d.transaction('rw', d.drafts, async () => {
    const draft = await d.drafts.get(editorId);
    if (draft) await d.drafts.put({ ...draft, settings, updatedAt: now() });
  });
}

/**
 * Gives this editor the drafts and queued saves of editors whose tabs are gone (closed while offline, say),
 * so their work is neither lost nor left unsent. The newest such draft becomes this editor's draft unless it
 * already has one. `isAlive` tells whether another tab still owns an editor id.
 */
export async function adoptOrphans(
  userId: string,
  editorId: string,
  isAlive: (otherEditorId: string) => boolean,
): Promise<void> {
  const d = db();
  await d.transaction('rw', d.drafts, d.outbox, async () => {
    const drafts = await d.drafts.where('userId').equals(userId).toArray();
    const orphans = drafts.filter((x) => x.editorId !== editorId && !isAlive(x.editorId));
    const entries = await d.outbox.where('userId').equals(userId).toArray();
    const orphanIds = new Set([
      ...orphans.map((x) => x.editorId),
      ...entries.filter((e) => e.editorId !== editorId && !isAlive(e.editorId)).map((e) => e.editorId),
    ]);
    if (orphanIds.size === 0) return;
    const mine = await d.drafts.get(editorId);
    const newest = orphans.sort((a, b) => b.updatedAt - a.updatedAt)[0];
    if (!mine && newest) await d.drafts.put({ ...newest, editorId, updatedAt: now() });
    for (const entry of entries) {
      if (entry.id !== undefined && orphanIds.has(entry.editorId)) {
        await d.outbox.update(entry.id, {
          editorId,
          state: entry.state === 'sending' ? 'pending' : entry.state,
        });
      }
    }
    await d.drafts.bulkDelete([...orphanIds]);
  });
}

export function readOutbox(editorId: string): Promise<TOutboxEntry[]> {
  return db().outbox.where('editorId').equals(editorId).sortBy('id');
}

/** Every queued save of a merchant, whoever queued it (logout asks before throwing them away). */
export async function countUnsynced(userId: string): Promise<number> {
  return db().outbox.where('userId').equals(userId).count();
}

/**
 * Queues a save of the editor's draft, based on the version its draft started from. A newer save of the
 * same editor replaces its own waiting one (a draft only grows), but never one that is in flight or in
 * conflict, and never another editor's.
 */
export async function enqueueSettingsSave(input: {
  userId: string;
  editorId: string;
  settings: TWidgetSettings;
  language?: TLanguage;
}): Promise<number> {
  const d = db();
  return d.transaction('rw', d.outbox, d.drafts, d.savedSettings, async () => {
    const draft = await d.drafts.get(input.editorId);
    const baseVersion = draft?.baseVersion ?? (await d.savedSettings.get(input.userId))?.version;
    if (baseVersion === undefined) throw new Error('No saved settings to build on yet.');
    if (draft) await d.drafts.put({ ...draft, settings: input.settings, updatedAt: now() });
    const waiting = (await d.outbox.where('editorId').equals(input.editorId).toArray()).find(
      (e) => e.state === 'pending',
    );
    if (waiting?.id !== undefined) {
      await d.outbox.update(waiting.id, {
        settings: input.settings,
        language: input.language,
        createdAt: now(),
      });
      return waiting.id;
    }
    return (await d.outbox.add({
      ...input,
      baseVersion,
      state: 'pending',
      createdAt: now(),
      attempts: 0,
    })) as number;
  });
}

export async function markSending(id: number): Promise<void> {
  const d = db();
  await d.transaction('rw', d.outbox, async () => {
    const entry = await d.outbox.get(id);
    if (entry) await d.outbox.put({ ...entry, state: 'sending', attempts: entry.attempts + 1 });
  });
}

export async function markPending(id: number): Promise<void> {
  await db().outbox.update(id, { state: 'pending' });
}

/** Puts entries left 'sending' by a tab that died mid-request back in line. */
export async function resetInFlight(editorId: string): Promise<void> {
  const d = db();
  await d.outbox
    .where('editorId')
    .equals(editorId)
    .and((e) => e.state === 'sending')
    .modify({ state: 'pending' });
}

/**
 * The server took a queued save. Its answer becomes the saved copy, and everything of the same editor that
 * was based on the version it replaced (its draft, a later queued save) now builds on the new version:
 * they are the same line of edits, not a conflict.
 */
export async function completeSave(entry: TOutboxEntry, saved: TSettingsSaved): Promise<void> {
  const d = db();
  await d.transaction('rw', d.outbox, d.savedSettings, d.drafts, async () => {
    if (entry.id !== undefined) await d.outbox.delete(entry.id);
    await putSavedIfNewer(entry.userId, saved);
    await d.outbox
      .where('editorId')
      .equals(entry.editorId)
      .and((e) => e.baseVersion === entry.baseVersion)
      .modify({ baseVersion: saved.version });
    const draft = await d.drafts.get(entry.editorId);
    if (draft && draft.baseVersion === entry.baseVersion) {
      await d.drafts.put({
        ...draft,
        baseVersion: saved.version,
        baseSettings: saved.settings,
        updatedAt: now(),
      });
    }
  });
}

/** The server holds a newer copy from someone else: keep both until the merchant chooses. */
export async function markConflict(entry: TOutboxEntry, server: TSettingsSaved): Promise<void> {
  const d = db();
  await d.transaction('rw', d.outbox, d.savedSettings, async () => {
    if (entry.id !== undefined) await d.outbox.update(entry.id, { state: 'conflict', conflict: server });
    await putSavedIfNewer(entry.userId, server);
  });
}

/** The server refused the save for good (a validation error): the draft keeps the edits, the entry goes. */
export async function dropEntry(id: number): Promise<void> {
  await db().outbox.delete(id);
}

/** "Keep my version": the same settings, sent again on top of the server's version. */
export async function resolveKeepMine(entry: TOutboxEntry): Promise<void> {
  const server = entry.conflict;
  if (entry.id === undefined || !server) return;
  const d = db();
  await d.transaction('rw', d.outbox, d.drafts, async () => {
    await d.outbox.update(entry.id!, { state: 'pending', baseVersion: server.version, conflict: undefined });
    // Later saves of the same editor continue this line of edits.
    await d.outbox
      .where('editorId')
      .equals(entry.editorId)
      .and((e) => e.id !== entry.id && e.baseVersion === entry.baseVersion)
      .modify({ baseVersion: server.version });
    const draft = await d.drafts.get(entry.editorId);
    if (draft)
      await d.drafts.put({
        ...draft,
        baseVersion: server.version,
        baseSettings: server.settings,
        updatedAt: now(),
      });
  });
}

/** "Use the saved version": our queued save is dropped and the draft becomes the server's copy. */
export async function resolveUseTheirs(entry: TOutboxEntry): Promise<TWidgetSettings | undefined> {
  const server = entry.conflict;
  if (entry.id === undefined || !server) return undefined;
  const d = db();
  await d.transaction('rw', d.outbox, d.drafts, async () => {
    await d.outbox.delete(entry.id!);
    const draft = await d.drafts.get(entry.editorId);
    if (draft) {
      await d.drafts.put({
        ...draft,
        settings: server.settings,
        baseSettings: server.settings,
        baseVersion: server.version,
        updatedAt: now(),
      });
    }
  });
  return server.settings;
}

// ---- preview content -----------------------------------------------------------------------------------

export function readPreview(widgetKey: string): Promise<TPreviewRecord | undefined> {
  return db().previews.get(widgetKey);
}

export async function storePreview(widgetKey: string, init: TWidgetInit): Promise<void> {
  await db().previews.put({ widgetKey, init, fetchedAt: now() });
}

// ---- sign-out ------------------------------------------------------------------------------------------

/** Removes everything this device kept about the merchant (sign-out on a shared computer). */
export async function clearLocalData(): Promise<void> {
  const d = db();
  await d.transaction(
    'rw',
    [d.merchants, d.savedSettings, d.drafts, d.outbox, d.previews, d.meta],
    async () => {
      await Promise.all([
        d.merchants.clear(),
        d.savedSettings.clear(),
        d.drafts.clear(),
        d.outbox.clear(),
        d.previews.clear(),
        d.meta.clear(),
      ]);
    },
  );
}
