import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WIDGET_SETTINGS, type TWidgetSettings } from '@app/shared';
import {
  adoptOrphans,
  completeSave,
  countUnsynced,
  enqueueSettingsSave,
  markConflict,
  readDraft,
  readOutbox,
  readSavedSettings,
  resetLocalDataForTests,
  resolveKeepMine,
  resolveUseTheirs,
  writeDraft,
} from './index';
import { createDebouncedSaver } from './debounced-saver';

const USER = 'user-1';
const titled = (title: string): TWidgetSettings => ({
  ...DEFAULT_WIDGET_SETTINGS,
  title_settings: { ...DEFAULT_WIDGET_SETTINGS.title_settings, title },
});

async function startEditing(editorId: string, version = 1) {
  await writeDraft({
    editorId,
    userId: USER,
    settings: DEFAULT_WIDGET_SETTINGS,
    baseSettings: DEFAULT_WIDGET_SETTINGS,
    baseVersion: version,
  });
}

beforeEach(async () => {
  await resetLocalDataForTests();
});

describe('outbox', () => {
  it('queues a save on the version the draft started from; a newer save of the same tab replaces it', async () => {
    await startEditing('tab-a');
    await enqueueSettingsSave({ userId: USER, editorId: 'tab-a', settings: titled('one') });
    await enqueueSettingsSave({ userId: USER, editorId: 'tab-a', settings: titled('two') });
    const queued = await readOutbox('tab-a');
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ baseVersion: 1, state: 'pending', settings: titled('two') });
    expect((await readDraft('tab-a'))?.settings).toEqual(titled('two'));
  });

  it("never merges two tabs' saves", async () => {
    await startEditing('tab-a');
    await startEditing('tab-b');
    await enqueueSettingsSave({ userId: USER, editorId: 'tab-a', settings: titled('a') });
    await enqueueSettingsSave({ userId: USER, editorId: 'tab-b', settings: titled('b') });
    expect(await countUnsynced(USER)).toBe(2);
  });

  it('after a save, the same tab builds on the new version (its own edits are no conflict)', async () => {
    await startEditing('tab-a');
    const id = await enqueueSettingsSave({ userId: USER, editorId: 'tab-a', settings: titled('one') });
    const [entry] = await readOutbox('tab-a');
    await completeSave({ ...entry!, id }, { settings: titled('one'), version: 2 });
    expect(await readOutbox('tab-a')).toEqual([]);
    expect(await readSavedSettings(USER)).toMatchObject({ version: 2, settings: titled('one') });
    expect(await readDraft('tab-a')).toMatchObject({ baseVersion: 2, baseSettings: titled('one') });
  });

  it('keeps both versions on a conflict until the merchant chooses', async () => {
    await startEditing('tab-b');
    await enqueueSettingsSave({ userId: USER, editorId: 'tab-b', settings: titled('mine') });
    const [entry] = await readOutbox('tab-b');
    await markConflict(entry!, { settings: titled('theirs'), version: 2 });
    const [conflicted] = await readOutbox('tab-b');
    expect(conflicted).toMatchObject({
      state: 'conflict',
      settings: titled('mine'),
      conflict: { version: 2, settings: titled('theirs') },
    });

    await resolveKeepMine(conflicted!);
    const [again] = await readOutbox('tab-b');
    expect(again).toMatchObject({ state: 'pending', baseVersion: 2, settings: titled('mine') });
    expect(again?.conflict).toBeUndefined();
  });

  it('"use the saved version" drops our save and makes the draft the server copy', async () => {
    await startEditing('tab-b');
    await enqueueSettingsSave({ userId: USER, editorId: 'tab-b', settings: titled('mine') });
    const [entry] = await readOutbox('tab-b');
    await markConflict(entry!, { settings: titled('theirs'), version: 2 });
    const [conflicted] = await readOutbox('tab-b');
    expect(await resolveUseTheirs(conflicted!)).toEqual(titled('theirs'));
    expect(await readOutbox('tab-b')).toEqual([]);
    expect(await readDraft('tab-b')).toMatchObject({ settings: titled('theirs'), baseVersion: 2 });
  });

  it("takes over a closed tab's draft and queued saves, never a live tab's", async () => {
    await startEditing('closed');
    await enqueueSettingsSave({ userId: USER, editorId: 'closed', settings: titled('unsent') });
    await startEditing('live');
    await enqueueSettingsSave({ userId: USER, editorId: 'live', settings: titled('live edit') });

    await adoptOrphans(USER, 'new-tab', (id) => id === 'live');

    expect((await readOutbox('new-tab')).map((e) => e.settings.title_settings.title)).toEqual(['unsent']);
    expect((await readDraft('new-tab'))?.settings).toEqual(titled('unsent'));
    expect(await readDraft('closed')).toBeUndefined();
    expect(await readOutbox('live')).toHaveLength(1);
  });
});

describe('debounced saver', () => {
  it('writes the last value once, and reports each write', async () => {
    const written: number[] = [];
    const results: boolean[] = [];
    const saver = createDebouncedSaver<number>(
      async (v) => {
        if (v < 0) throw new Error('disk full');
        written.push(v);
      },
      { delayMs: 10_000, onResult: (ok) => results.push(ok) },
    );
    saver.schedule(1);
    saver.schedule(2);
    await saver.flush();
    saver.schedule(-1);
    await saver.flush();
    expect(written).toEqual([2]);
    expect(results).toEqual([true, false]);
  });
});
