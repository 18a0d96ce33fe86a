import { en } from '@app/shared';

/**
 * What a merchant reads when our own machinery failed (disk full, permissions, I/O): the detail
 * ("ENOSPC: no space left on device, write '/data/media/…'") names our paths and is no use to them; it
 * goes to the log instead.
 */
export const CONTENT_SAVE_FAILED_MESSAGE = en['error.contentSaveFailed'];

/** An error raised by the operating system (fs, sockets): it has an errno-style code and a syscall. */
export function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  if (typeof error !== 'object' || error === null) return false;
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code) && typeof syscall === 'string';
}

/** The message of a failure as a merchant may see it. */
export function merchantFacingMessage(error: unknown): string {
  if (isSystemError(error)) return CONTENT_SAVE_FAILED_MESSAGE;
  return error instanceof Error ? error.message : String(error);
}
