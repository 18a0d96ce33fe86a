import { z } from 'zod';
import {
  normaliseWhatsapp,
  whatsappUrl,
  ZCommercialRegistration,
  ZVatNumber,
  ZWhatsappNumber,
} from '@app/shared';
import {
  booleanFlag,
  optionalString,
  port,
  trustProxy,
  urlWithProtocols,
  weakSecretReason,
} from './env-fields.js';

/** Every variable the API process reads. Nothing is required for the embedded default. */
export const ZApiEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port.default(3000),
    // Outside production the default is this machine only; see the transform below.
    HOST: z.string().trim().min(1).optional(),
    APP_URL: urlWithProtocols(['http:', 'https:'], 'https://feed.example.com'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://user@host:5432/db'),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
    CACHE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(64 * 1024 * 1024),
    CACHE_KEY_PREFIX: z.string().default('lamha:'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: trustProxy,
    AUTH_SECRET: optionalString.superRefine((v, ctx) => {
      const reason = v === undefined ? undefined : weakSecretReason(v);
      if (reason) ctx.addIssue({ code: 'custom', message: reason });
    }),
    SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:pass@smtp.example.com:587'),
    MAIL_FROM: z.string().trim().min(3).default('Lamha <no-reply@localhost>'),
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter((e) => e.length > 0),
      )
      .pipe(z.array(z.email('each entry must be an e-mail address'))),
    SUPPORT_CHAT_URL: urlWithProtocols(['http:', 'https:'], 'https://wa.me/966512345678'),
    // Public facts shown on the site (footer, about, terms, support): unset hides them.
    SUPPORT_WHATSAPP: optionalString
      .transform((v) => (v === undefined ? undefined : normaliseWhatsapp(v)))
      .pipe(ZWhatsappNumber.optional()),
    COMPANY_LEGAL_NAME: optionalString.pipe(z.string().max(200, 'must be at most 200 characters').optional()),
    COMPANY_CR_NUMBER: optionalString.pipe(ZCommercialRegistration.optional()),
    COMPANY_VAT_NUMBER: optionalString.pipe(ZVatNumber.optional()),
    CRON_SCHEDULE: z.string().trim().min(9).default('* * * * *'),
    IG_GRAPH_TOKEN: optionalString,
    IG_GRAPH_USER_ID: optionalString.refine((v) => v === undefined || /^\d+$/.test(v), {
      message: 'must be the numeric id of your Instagram professional account',
    }),
    IG_GRAPH_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/, 'must look like v25.0')
      .default('v25.0'),
    IG_GRAPH_BASE_URL: z
      .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
      .default('https://graph.facebook.com'),
    IG_CALLS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(200),
    INSTAGRAM_APP_ID: optionalString.refine((v) => v === undefined || /^\d+$/.test(v), {
      message: 'must be the numeric Instagram app id from the Meta app dashboard',
    }),
    INSTAGRAM_APP_SECRET: optionalString,
    INSTAGRAM_AUTHORIZE_URL: z
      .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
      .default('https://www.instagram.com/oauth/authorize'),
    INSTAGRAM_API_URL: z
      .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
      .default('https://api.instagram.com'),
    INSTAGRAM_GRAPH_URL: z
      .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
      .default('https://graph.instagram.com'),
    INSTAGRAM_GRAPH_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/, 'must look like v25.0')
      .default('v25.0'),
    // Facebook Login for Business (Instagram API with Facebook Login): the documented source of stories.
    FACEBOOK_APP_ID: optionalString.refine((v) => v === undefined || /^\d+$/.test(v), {
      message: 'must be the numeric Meta app id from the app dashboard',
    }),
    FACEBOOK_APP_SECRET: optionalString,
    /** A Facebook Login for Business configuration id; without it the permissions are asked as `scope`. */
    FACEBOOK_CONFIG_ID: optionalString.refine((v) => v === undefined || /^\d+$/.test(v), {
      message: 'must be the numeric configuration id from Facebook Login for Business',
    }),
    FACEBOOK_AUTHORIZE_URL: z
      .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
      .default('https://www.facebook.com/v25.0/dialog/oauth'),
    FACEBOOK_GRAPH_URL: z
      .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
      .default('https://graph.facebook.com'),
    FACEBOOK_GRAPH_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/, 'must look like v25.0')
      .default('v25.0'),
    DEMO_CONTENT: booleanFlag,
    /** The widest demo picture (a smaller one keeps its shape): tests set it low to make refreshes cheap. */
    DEMO_MEDIA_MAX_WIDTH: z.coerce.number().int().min(16).max(1080).default(1080),
    REFRESH_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(20),
    REFRESH_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(2),
    REFRESH_LEASE_SECONDS: z.coerce.number().int().min(30).max(86_400).default(60),
    /**
     * Prometheus metrics (GET /metrics): with a token, the API port answers anyone presenting it as a
     * bearer token; with a port, a separate listener serves them (cron too); with neither, the API port
     * answers this machine only.
     */
    METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 24, {
      message: 'must be at least 24 random characters (openssl rand -hex 24)',
    }),
    METRICS_PORT: port.optional(),
    /** How long SIGTERM waits for requests and refreshes in flight before the process stops anyway. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(20_000),
    /**
     * After SIGTERM, how long the API keeps answering (with /readyz at 503) before it stops accepting,
     * so a load balancer polling /readyz takes it out first (about two of its check intervals).
     */
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
    /** Days archived stories are kept (Instagram Login accounts' stories, for highlights). */
    STORIES_RETENTION_DAYS: z.coerce.number().int().min(8).max(3650).default(90),
    /** Widget event beacons accepted per minute from one address and for one widget key (insights). */
    EVENTS_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(120),
    EVENTS_LIMIT_PER_KEY: z.coerce.number().int().min(1).max(10_000_000).default(6_000),
    MEDIA_DIR: optionalString,
    /** Where media bytes live: this machine's MEDIA_DIR, or an S3-compatible bucket shared by every process. */
    MEDIA_STORE: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: urlWithProtocols(['http:', 'https:'], 'http://127.0.0.1:9000'),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_BUCKET: optionalString.refine((v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), {
      message: 'must be a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)',
    }),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: booleanFlag,
    /** Media URLs in widget snapshots point here (a CDN or the bucket's public address) instead of /media/. */
    MEDIA_PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'https://cdn.example.com/media').transform((v) =>
      v?.replace(/\/+$/, ''),
    ),
    /** Days an unreferenced media object is kept before the clean-up deletes it. */
    MEDIA_CLEANUP_GRACE_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
    TOKEN_ENCRYPTION_KEY: optionalString.refine(
      (v) => v === undefined || Buffer.from(v, 'base64').length === 32,
      {
        message: 'must be 32 random bytes in base64 (openssl rand -base64 32)',
      },
    ),
    SALLA_WEBHOOK_SECRET: optionalString,
    SALLA_WEBHOOK_STRATEGY: z.enum(['signature', 'token']).default('signature'),
    SALLA_CLIENT_ID: optionalString,
    SALLA_CLIENT_SECRET: optionalString,
    SALLA_ACCOUNTS_URL: z.url({ protocol: /^https?$/ }).default('https://accounts.salla.sa'),
    SALLA_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.salla.dev/admin/v2'),
    // Lamha's own listings; unset, "Install on Salla/Zid" explains how to add the widget by hand.
    SALLA_APP_URL: optionalString.pipe(
      z.url({ protocol: /^https$/, message: 'must be an https address' }).optional(),
    ),
    SALLA_PLAN_MAP: z.string().default(''),
    ZID_CLIENT_ID: optionalString,
    ZID_CLIENT_SECRET: optionalString,
    ZID_OAUTH_URL: z.url({ protocol: /^https?$/ }).default('https://oauth.zid.sa'),
    ZID_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.zid.sa/v1'),
    ZID_WEBHOOK_SECRET: optionalString.refine((v) => v === undefined || v.length >= 24, {
      message: 'must be at least 24 characters',
    }),
    ZID_PLAN_MAP: z.string().default(''),
    ZID_APP_URL: optionalString.pipe(
      z.url({ protocol: /^https$/, message: 'must be an https address' }).optional(),
    ),
    BILLING: z.enum(['direct', 'platform-only']).default('direct'),
    MOYASAR_SECRET_KEY: optionalString.refine((v) => v === undefined || /^sk_(test|live)_\S+$/.test(v), {
      message: 'must be a Moyasar secret key (sk_test_… or sk_live_…)',
    }),
    MOYASAR_WEBHOOK_SECRET: optionalString.refine((v) => v === undefined || v.length >= 16, {
      message: 'must be at least 16 characters',
    }),
    MOYASAR_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.moyasar.com/v1'),
    /** Tokenization is enabled on the Moyasar account: merchants may keep a card for automatic renewal. */
    MOYASAR_TOKENIZATION: booleanFlag,
    BILLING_SELLER_NAME: optionalString.refine((v) => v === undefined || Buffer.byteLength(v) <= 255, {
      message: 'must be at most 255 bytes (it goes in the invoice QR code)',
    }),
    BILLING_SELLER_VAT_NUMBER: optionalString.refine((v) => v === undefined || /^3\d{13}3$/.test(v), {
      message: 'must be a 15-digit Saudi VAT registration number (starts and ends with 3)',
    }),
    BILLING_SELLER_ADDRESS: optionalString,
    MEDIA_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(25 * 1024 * 1024),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (!env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production' });
    }
    if (!env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required in production (the dev mailbox is never used there)',
      });
    }
    if (!env.APP_URL) {
      ctx.addIssue({ code: 'custom', path: ['APP_URL'], message: 'is required in production' });
    }
    // Merchants outside Salla and Zid pay through Moyasar and get tax invoices; platform-only takes no payments.
    if (env.BILLING !== 'platform-only') {
      for (const key of [
        'MOYASAR_SECRET_KEY',
        'MOYASAR_WEBHOOK_SECRET',
        'BILLING_SELLER_NAME',
        'BILLING_SELLER_VAT_NUMBER',
        'BILLING_SELLER_ADDRESS',
      ] as const) {
        if (!env[key]) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required in production (or set BILLING=platform-only)',
          });
        }
      }
    }
  })
  .superRefine((env, ctx) => {
    if (
      env.NODE_ENV === 'production' &&
      (env.SALLA_WEBHOOK_SECRET || env.ZID_CLIENT_ID || env.INSTAGRAM_APP_ID || env.MOYASAR_TOKENIZATION) &&
      !env.TOKEN_ENCRYPTION_KEY
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['TOKEN_ENCRYPTION_KEY'],
        message:
          'is required in production when Salla, Zid, Instagram Login or Moyasar tokenization is configured',
      });
    }
    for (const key of ['SALLA_PLAN_MAP', 'ZID_PLAN_MAP'] as const) {
      if (env[key] && !/^\s*[^:,]+:(basic|pro)\s*(,\s*[^:,]+:(basic|pro)\s*)*$/i.test(env[key])) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'must look like "Basic Plan:basic,Pro Plan:pro"',
        });
      }
    }
    if (Boolean(env.INSTAGRAM_APP_ID) !== Boolean(env.INSTAGRAM_APP_SECRET)) {
      const missing = env.INSTAGRAM_APP_ID ? 'INSTAGRAM_APP_SECRET' : 'INSTAGRAM_APP_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required when the other Instagram Login variable is set',
      });
    }
    if (Boolean(env.FACEBOOK_APP_ID) !== Boolean(env.FACEBOOK_APP_SECRET)) {
      const missing = env.FACEBOOK_APP_ID ? 'FACEBOOK_APP_SECRET' : 'FACEBOOK_APP_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required when the other Facebook Login variable is set',
      });
    }
    // Production never serves generated sample content silently: it needs a real Instagram route, or an
    // operator who asked for sample content on purpose.
    if (
      env.NODE_ENV === 'production' &&
      !env.DEMO_CONTENT &&
      !env.INSTAGRAM_APP_ID &&
      !env.INSTAGRAM_APP_SECRET &&
      !env.IG_GRAPH_TOKEN &&
      !env.IG_GRAPH_USER_ID
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['INSTAGRAM_APP_ID'],
        message:
          'is required in production with INSTAGRAM_APP_SECRET (Instagram Login), unless IG_GRAPH_TOKEN and IG_GRAPH_USER_ID (Business Discovery) are set or DEMO_CONTENT=true serves sample content on purpose',
      });
    }
    if (env.MEDIA_STORE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when MEDIA_STORE=s3' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required when the other S3 key variable is set (or set neither to use the machine role)',
      });
    }
    if (Boolean(env.IG_GRAPH_TOKEN) !== Boolean(env.IG_GRAPH_USER_ID)) {
      const missing = env.IG_GRAPH_TOKEN ? 'IG_GRAPH_USER_ID' : 'IG_GRAPH_TOKEN';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required when the other Instagram Graph variable is set',
      });
    }
  })
  .transform((env) => ({
    ...env,
    // Production listens on every interface (behind its proxy); anywhere else only this machine unless
    // HOST says otherwise, so a laptop on café Wi-Fi does not serve the dev mailbox to its neighbours.
    HOST: env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
  }));

export type ApiEnv = z.infer<typeof ZApiEnv>;

export class ConfigError extends Error {
  constructor(readonly problems: { key: string; message: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p.key}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses an environment with a schema; the error names every bad variable. */
export function parseEnv<S extends z.ZodType>(
  schema: S,
  source: Record<string, string | undefined>,
): z.infer<S> {
  // Treat empty strings as unset so `FOO=` in a .env file means "use the default".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => ({
    key: issue.path.length > 0 ? String(issue.path[0]) : '(environment)',
    message: issue.message,
  }));
  throw new ConfigError(problems);
}

export function loadApiEnv(source: Record<string, string | undefined> = process.env): ApiEnv {
  return parseEnv(ZApiEnv, source);
}

/**
 * Where merchants chat with support: SUPPORT_CHAT_URL, else the support WhatsApp; undefined when neither is
 * set, and then nothing (dashboard, pricing, support page) promises live chat.
 */
export function supportChatUrl(
  env: Pick<ApiEnv, 'SUPPORT_CHAT_URL' | 'SUPPORT_WHATSAPP'>,
): string | undefined {
  return env.SUPPORT_CHAT_URL ?? (env.SUPPORT_WHATSAPP ? whatsappUrl(env.SUPPORT_WHATSAPP) : undefined);
}
