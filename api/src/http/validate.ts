import type { z } from 'zod';
import { describeZodError } from '@app/shared';
import { AppError } from './errors.js';

/** Parses outside input with a shared schema; a failure is a 400 naming each bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new AppError(400, 'invalid_input', describeZodError(result.error), result.error.issues);
}
