/**
 * Debounced writes (excalidraw's LocalData): many edits a second become one write, `flush()` writes at
 * once (before a save is sent, when the tab is hidden), and every write reports success or failure so the
 * UI can say when changes are not being kept.
 */
export interface TDebouncedSaver<T> {
  schedule(value: T): void;
  flush(): Promise<void>;
  cancel(): void;
}

export function createDebouncedSaver<T>(
  write: (value: T) => Promise<void>,
  options: { delayMs: number; onResult?: (ok: boolean, error?: unknown) => void },
): TDebouncedSaver<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: { value: T } | undefined;
  let writing: Promise<void> = Promise.resolve();

  const run = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const next = pending;
    pending = undefined;
    if (!next) return writing;
    writing = writing.then(async () => {
      try {
        await write(next.value);
        options.onResult?.(true);
      } catch (error) {
        options.onResult?.(false, error);
      }
    });
    return writing;
  };

  return {
    schedule(value) {
      pending = { value };
      clearTimeout(timer);
      timer = setTimeout(() => void run(), options.delayMs);
    },
    flush: run,
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    },
  };
}
