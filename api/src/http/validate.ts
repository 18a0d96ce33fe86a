import type { z } from 'zod';
import { describeZodError, INVALID_CHARACTERS_CODE, isInvalidCharactersError } from '@app/shared';
import { AppError } from './errors.js';

/**
 * Parses outside input with a shared schema; a failure is a 400 naming each bad field (code
 * `invalid_characters` when text held a NUL, else `invalid_input`).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  // Text we could never store (NUL) gets its own code, so clients can say what is wrong with it.
  const code = isInvalidCharactersError(result.error) ? INVALID_CHARACTERS_CODE : 'invalid_input';
  throw new AppError(code, describeZodError(result.error), result.error.issues);
}
