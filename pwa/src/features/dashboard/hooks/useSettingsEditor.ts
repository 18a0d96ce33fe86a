import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { toast } from '../../../ui/toast';
import { ZWidgetSettings, type TWidgetSettings } from '@app/shared';
import { describeSettingsProblem, settingsProblem } from '../lib/settings-problems';
import {
  createDebouncedSaver,
  enqueueSettingsSave,
  readDraft,
  readOutbox,
  readSavedSettings,
  resolveKeepMine,
  resolveUseTheirs,
  writeDraft,
  writeDraftSettings,
  type TOutboxEntry,
} from '../../../db';
import { useI18n } from '../../../i18n/useI18n';
import type { TMerchantApi } from '../lib/merchant-api';
import { flushOutbox, type TFlushOutcome } from '../lib/settings-sync';
import { sameSettings } from '../lib/settings-rules';

export interface TSettingsEditor {
  /** The merchant's working copy (null until read from this device). */
  settings: TWidgetSettings | null;
  savedSettings: TWidgetSettings | null;
  update: (change: (current: TWidgetSettings) => TWidgetSettings) => void;
  replace: (next: TWidgetSettings) => void;
  save: () => Promise<void>;
  saving: boolean;
  /** Differs from the server copy it started from. */
  dirty: boolean;
  /** Saves waiting to reach the server. */
  pending: number;
  conflict: TOutboxEntry | undefined;
  keepMine: () => Promise<void>;
  useTheirs: () => Promise<void>;
}

/**
 * The settings editor of one tab (see db/editor-identity.ts). Edits live in React state for instant
 * feedback and are written to this device (debounced) as the tab's draft; Save queues them in the outbox
 * and sends them when the server can be reached. The saved copy, the draft's base and the outbox are read
 * with live queries, so what another tab saves shows up here too.
 */
export function useSettingsEditor(options: {
  userId: string;
  editorId: string;
  api: TMerchantApi;
  canSync: boolean;
}): TSettingsEditor {
  const { userId, editorId, api, canSync } = options;
  const { t } = useI18n();
  const saved = useLiveQuery(async () => (await readSavedSettings(userId)) ?? null, [userId]);
  const draft = useLiveQuery(async () => (await readDraft(editorId)) ?? null, [editorId]);
  const outbox = useLiveQuery(() => readOutbox(editorId), [editorId]);
  const [settings, setSettings] = useState<TWidgetSettings | null>(null);
  const settingsRef = useRef<TWidgetSettings | null>(null);
  const [saving, setSaving] = useState(false);

  const saver = useMemo(() => {
    let warned = false;
    return createDebouncedSaver<TWidgetSettings>((value) => writeDraftSettings(editorId, value), {
      delayMs: 300,
      onResult: (ok) => {
        if (!ok && !warned) {
          warned = true;
          toast.error(t('dashboard.settings.storageFailed'));
        }
      },
    });
  }, [editorId, t]);

  const show = useCallback((next: TWidgetSettings) => {
    settingsRef.current = next;
    setSettings(next);
  }, []);

  // First read: the tab's draft, else a fresh draft from the saved copy.
  useEffect(() => {
    if (settingsRef.current || draft === undefined || saved === undefined) return;
    if (draft) {
      show(draft.settings);
    } else if (saved) {
      show(saved.settings);
      void writeDraft({
        editorId,
        userId,
        settings: saved.settings,
        baseSettings: saved.settings,
        baseVersion: saved.version,
      });
    }
  }, [draft, saved, editorId, userId, show]);

  // No edits of ours and the server moved on (another tab or device saved): follow it.
  useEffect(() => {
    const current = settingsRef.current;
    if (!current || !draft || !saved || !outbox) return;
    if (saved.version <= draft.baseVersion || outbox.length > 0 || !sameSettings(current, draft.baseSettings))
      return;
    saver.cancel();
    show(saved.settings);
    void writeDraft({
      editorId,
      userId,
      settings: saved.settings,
      baseSettings: saved.settings,
      baseVersion: saved.version,
    });
  }, [saved, draft, outbox, editorId, userId, saver, show]);

  // Keep what was typed when the tab is hidden or closed before the debounce fires.
  useEffect(() => {
    const flush = () => void saver.flush();
    const onVisibility = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      flush();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [saver]);

  const update = useCallback(
    (change: (current: TWidgetSettings) => TWidgetSettings) => {
      const current = settingsRef.current;
      if (!current) return;
      const next = change(current);
      show(next);
      saver.schedule(next);
    },
    [saver, show],
  );

  const replace = useCallback((next: TWidgetSettings) => update(() => next), [update]);

  const report = useCallback(
    (outcomes: TFlushOutcome[], quietWhenWaiting: boolean) => {
      for (const outcome of outcomes) {
        if (outcome.kind === 'saved') toast.success(t('dashboard.settings.saved'));
        if (outcome.kind === 'rejected') {
          toast.error(
            t('dashboard.settings.saveFailed', {
              message: outcome.message ?? t('dashboard.settings.updateFailed'),
            }),
          );
        }
        if (outcome.kind === 'waiting' && !quietWhenWaiting) toast.info(t('dashboard.settings.queued'));
      }
    },
    [t],
  );

  // Whenever the server can be reached (sign-in, back online), send what waits.
  useEffect(() => {
    if (!canSync) return;
    void flushOutbox(editorId, api).then((outcomes) => report(outcomes, true));
  }, [canSync, editorId, api, report]);

  const save = useCallback(async () => {
    const current = settingsRef.current;
    if (!current) return;
    const parsed = ZWidgetSettings.safeParse(current);
    if (!parsed.success) {
      toast.error(describeSettingsProblem(t, settingsProblem(parsed.error), 'save'));
      return;
    }
    setSaving(true);
    try {
      // The trimmed copy is what the server will store: show it, so the form is clean after saving.
      show(parsed.data);
      saver.schedule(parsed.data);
      await saver.flush();
      await enqueueSettingsSave({ userId, editorId, settings: parsed.data });
      if (!canSync) {
        toast.info(t('dashboard.settings.queued'));
        return;
      }
      report(await flushOutbox(editorId, api), false);
    } catch (error) {
      toast.error(
        t('dashboard.settings.saveError', {
          message: error instanceof Error ? error.message : String(error),
        }),
      );
    } finally {
      setSaving(false);
    }
  }, [userId, editorId, api, canSync, saver, show, report, t]);

  const conflict = outbox?.find((e) => e.state === 'conflict');

  const keepMine = useCallback(async () => {
    if (!conflict) return;
    await resolveKeepMine(conflict);
    toast.info(t('dashboard.conflict.resolvedMine'));
    if (canSync) report(await flushOutbox(editorId, api), false);
  }, [conflict, canSync, editorId, api, report, t]);

  const useTheirs = useCallback(async () => {
    if (!conflict) return;
    saver.cancel();
    const theirs = await resolveUseTheirs(conflict);
    if (theirs) show(theirs);
    toast.info(t('dashboard.conflict.resolvedTheirs'));
  }, [conflict, saver, show, t]);

  return {
    settings,
    savedSettings: saved?.settings ?? null,
    update,
    replace,
    save,
    saving,
    dirty: Boolean(settings && draft && !sameSettings(settings, draft.baseSettings)),
    pending: outbox?.filter((e) => e.state !== 'conflict').length ?? 0,
    conflict,
    keepMine,
    useTheirs,
  };
}
