import { z } from 'zod';
import { parseEnv, ZApiEnv } from '@app/api';
import cron from 'node-cron';

/** The cron process reads the API's variables (database, cache) plus its own. */
export const ZCronEnv = z.intersection(
  ZApiEnv,
  z.object({
    CRON_SCHEDULE: z
      .string()
      .trim()
      .default('* * * * *')
      .refine((v) => cron.validate(v), { message: 'must be a cron expression like "* * * * *"' }),
  }),
);
export type CronEnv = z.infer<typeof ZCronEnv>;

export function loadCronEnv(source: Record<string, string | undefined> = process.env): CronEnv {
  return parseEnv(ZCronEnv, source);
}
