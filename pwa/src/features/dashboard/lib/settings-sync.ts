import {
  completeSave,
  dropEntry,
  markConflict,
  markPending,
  markSending,
  readOutbox,
  type TOutboxEntry,
} from '../../../db';
import type { TMerchantApi } from './merchant-api';
import { sameSettings } from './settings-rules';

export type TFlushOutcome =
  | { kind: 'saved'; entryId: number }
  | { kind: 'conflict'; entryId: number }
  | { kind: 'rejected'; entryId: number; message: string | undefined }
  | { kind: 'waiting' };

const running = new Map<string, Promise<TFlushOutcome[]>>();

/**
 * Sends this editor's queued settings saves, oldest first, and records each answer locally:
 * saved → the new version becomes the base of what follows; 409 → kept with the server's copy for the
 * merchant to choose (a 409 whose copy equals ours was our own earlier attempt whose answer got lost, so it
 * counts as saved); a passing failure → stays queued for the next attempt; a refusal → dropped, the draft
 * keeps the edits. One flush per editor at a time; a second call joins the running one.
 */
export function flushOutbox(
  editorId: string,
  api: Pick<TMerchantApi, 'saveSettings'>,
): Promise<TFlushOutcome[]> {
  let run = running.get(editorId);
  if (!run) {
    run = sendQueued(editorId, api).finally(() => running.delete(editorId));
    running.set(editorId, run);
  }
  return run;
}

async function sendQueued(
  editorId: string,
  api: Pick<TMerchantApi, 'saveSettings'>,
): Promise<TFlushOutcome[]> {
  const outcomes: TFlushOutcome[] = [];
  for (;;) {
    const entries = await readOutbox(editorId);
    if (entries.some((e) => e.state === 'conflict')) return outcomes;
    const next = entries.find((e) => e.state === 'pending');
    if (!next || next.id === undefined) return outcomes;
    const outcome = await sendOne(next as TOutboxEntry & { id: number }, api);
    outcomes.push(outcome);
    if (outcome.kind === 'waiting' || outcome.kind === 'conflict') return outcomes;
  }
}

async function sendOne(
  entry: TOutboxEntry & { id: number },
  api: Pick<TMerchantApi, 'saveSettings'>,
): Promise<TFlushOutcome> {
  await markSending(entry.id);
  const result = await api.saveSettings({
    version: entry.baseVersion,
    settings: entry.settings,
    language: entry.language,
  });
  switch (result.kind) {
    case 'saved':
      await completeSave(entry, result.saved);
      return { kind: 'saved', entryId: entry.id };
    case 'conflict':
      if (sameSettings(result.server.settings, entry.settings)) {
        await completeSave(entry, result.server);
        return { kind: 'saved', entryId: entry.id };
      }
      await markConflict(entry, result.server);
      return { kind: 'conflict', entryId: entry.id };
    case 'retry':
      await markPending(entry.id);
      return { kind: 'waiting' };
    case 'rejected':
      await dropEntry(entry.id);
      return { kind: 'rejected', entryId: entry.id, message: result.message };
  }
}
