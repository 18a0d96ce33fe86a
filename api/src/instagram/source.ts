import { z } from 'zod';
import type { Clock } from '../lib/clock.js';
import { DemoSource } from './demo.source.js';
import { GraphSource } from './graph.source.js';
import type { CallBudget, InstagramSource } from './instagram.source.js';

/** An unset variable and an empty one (`IG_GRAPH_TOKEN=` in a .env file) mean the same. */
const blankAsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * The environment variables that choose and configure the Instagram source. Both IG_GRAPH_TOKEN and
 * IG_GRAPH_USER_ID set → Instagram's Graph API (Business Discovery); neither → the demo source. One without
 * the other is a mistake, reported by name rather than silently falling back to the demo.
 */
export const ZInstagramEnv = z
  .object({
    IG_GRAPH_TOKEN: z.preprocess(blankAsUnset, z.string().trim().optional()),
    IG_GRAPH_USER_ID: z.preprocess(
      blankAsUnset,
      z
        .string()
        .trim()
        .regex(/^\d+$/, 'must be the numeric Instagram user id of the connected professional account')
        .optional(),
    ),
    IG_GRAPH_VERSION: z.preprocess(
      blankAsUnset,
      z
        .string()
        .trim()
        .regex(/^v\d+\.\d+$/, 'must be a Graph API version like v25.0')
        .default('v25.0'),
    ),
    IG_GRAPH_BASE_URL: z.preprocess(
      blankAsUnset,
      z
        .url({ protocol: /^https?$/, message: 'must be a URL like https://graph.facebook.com' })
        .default('https://graph.facebook.com'),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.IG_GRAPH_TOKEN !== undefined && env.IG_GRAPH_USER_ID === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['IG_GRAPH_USER_ID'],
        message: 'is required when IG_GRAPH_TOKEN is set',
      });
    }
    if (env.IG_GRAPH_USER_ID !== undefined && env.IG_GRAPH_TOKEN === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['IG_GRAPH_TOKEN'],
        message: 'is required when IG_GRAPH_USER_ID is set',
      });
    }
  });
export type InstagramEnv = z.infer<typeof ZInstagramEnv>;

export interface InstagramSourceDeps {
  clock: Clock;
  /** Paces Graph calls per token; the demo source makes none. */
  budget: CallBudget;
  /** Outside HTTP, injected so tests point at a fake. Defaults to the global fetch. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** The Graph source when its credentials are configured, the demo source otherwise. */
export function createInstagramSource(config: InstagramEnv, deps: InstagramSourceDeps): InstagramSource {
  if (config.IG_GRAPH_TOKEN !== undefined && config.IG_GRAPH_USER_ID !== undefined) {
    return new GraphSource({
      token: config.IG_GRAPH_TOKEN,
      igUserId: config.IG_GRAPH_USER_ID,
      version: config.IG_GRAPH_VERSION,
      baseUrl: config.IG_GRAPH_BASE_URL,
      fetch: deps.fetch ?? globalThis.fetch,
      budget: deps.budget,
      timeoutMs: deps.timeoutMs,
      clock: deps.clock,
    });
  }
  return new DemoSource({ clock: deps.clock });
}
