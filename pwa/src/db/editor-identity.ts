/**
 * Which editor this tab is. The id lives in sessionStorage, so a reload keeps it (and with it the tab's
 * draft and queued saves), and each tab holds a Web Lock named after it for as long as it is open, so a
 * duplicated tab (which copies sessionStorage) notices the id is taken and makes its own, and a new tab
 * can tell a closed tab's leftovers (no lock) from a live tab's.
 */
const SESSION_KEY = 'lamha.editorId';
const LOCK_PREFIX = 'lamha.editor.';

let claimed: Promise<string> | undefined;
const heldByOthers = new Set<string>();

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function readSessionId(): string | undefined {
  try {
    return window.sessionStorage.getItem(SESSION_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

function writeSessionId(id: string): void {
  try {
    window.sessionStorage.setItem(SESSION_KEY, id);
  } catch {
    // The id is only kept for this page load; a reload starts a new editor that adopts this one's work.
  }
}

/** Tries to hold the lock of `id` for the life of the page; false when another tab holds it. */
function holdLock(locks: LockManager, id: string): Promise<boolean> {
  return new Promise((resolve) => {
    void locks
      .request(`${LOCK_PREFIX}${id}`, { ifAvailable: true }, (lock) => {
        resolve(lock !== null);
        // Held until the page goes away.
        return lock ? new Promise<void>(() => {}) : undefined;
      })
      .catch(() => resolve(true));
  });
}

function lockManager(): LockManager | undefined {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : undefined;
}

/** This tab's editor id (claimed once per page load). */
export function claimEditorId(): Promise<string> {
  claimed ??= (async () => {
    const locks = lockManager();
    let id = readSessionId() ?? newId();
    if (locks && !(await holdLock(locks, id))) {
      id = newId();
      await holdLock(locks, id);
    }
    writeSessionId(id);
    return id;
  })();
  return claimed;
}

/**
 * Refreshes which editor ids live tabs hold, for `isEditorAlive`. Without Web Locks every other editor
 * counts as alive: better to leave a closed tab's work waiting than to take a live tab's.
 */
export async function refreshLiveEditors(): Promise<(id: string) => boolean> {
  const locks = lockManager();
  if (!locks) return () => true;
  try {
    const state = await locks.query();
    heldByOthers.clear();
    for (const lock of state.held ?? []) {
      if (lock.name?.startsWith(LOCK_PREFIX)) heldByOthers.add(lock.name.slice(LOCK_PREFIX.length));
    }
    return (id) => heldByOthers.has(id);
  } catch {
    return () => true;
  }
}

/** For tests: the next claim makes a new editor, as a new tab would. */
export function forgetEditorIdForTests(): void {
  claimed = undefined;
  try {
    window.sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // Nothing to forget.
  }
}
