import { z } from 'zod';

export const ZLanguage = z.enum(['ar', 'en']);
export type TLanguage = z.infer<typeof ZLanguage>;

export const ZStorePlatform = z.enum(['salla', 'zid', 'other']);
export type TStorePlatform = z.infer<typeof ZStorePlatform>;

/** The one error body every API failure answers with. */
export const ZApiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type TApiError = z.infer<typeof ZApiError>;

/** `details` of a 429 for a limited action: seconds until it may be tried again (at most a day). */
export const ZRetryAfterDetails = z.object({ retry_after: z.number().int().positive().max(86_400) });

export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['pglite', 'postgres']),
  cache: z.enum(['memory', 'redis']),
  version: z.string(),
});
export type THealth = z.infer<typeof ZHealth>;

export const ZCacheStats = z.object({
  total_keys: z.number().int().nonnegative(),
  hits: z.number().int().nonnegative(),
  misses: z.number().int().nonnegative(),
  hit_rate_percentage: z.number().min(0).max(100),
  used_memory_bytes: z.number().nonnegative(),
  used_memory_human: z.string(),
});
export type TCacheStats = z.infer<typeof ZCacheStats>;

/**
 * Turns a zod error into one readable sentence naming each bad field. A lone issue whose message is
 * already a full sentence for people (the product's wording ends with a period) is shown as it is.
 */
export function describeZodError(error: z.ZodError): string {
  const [only, ...rest] = error.issues;
  if (only && rest.length === 0 && only.message.endsWith('.')) return only.message;
  return error.issues
    .map((issue) => {
      const path = issue.path.length > 0 ? issue.path.join('.') : '(body)';
      return `${path}: ${issue.message}`;
    })
    .join('; ');
}
