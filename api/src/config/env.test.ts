import { describe, expect, it } from 'vitest';
import { ConfigError, loadApiEnv } from './env.js';

function problemsOf(source: Record<string, string>): string[] {
  try {
    loadApiEnv(source);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems.map((p) => p.key);
    throw err;
  }
  return [];
}

const STRONG_SECRET = 'q7N2vKx9TzL4pWm8RbY1cHd6JfG3sAe5';

describe('API environment', () => {
  it('needs nothing for the embedded default', () => {
    const env = loadApiEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.APP_URL).toBe('http://localhost:3000');
  });

  it('keeps media on this machine unless an S3 bucket is configured, and checks the bucket settings', () => {
    const local = loadApiEnv({});
    expect(local.MEDIA_STORE).toBe('local');
    expect(local.MEDIA_PUBLIC_URL).toBeUndefined();
    expect(local.MEDIA_CLEANUP_GRACE_DAYS).toBe(7);
    const s3 = loadApiEnv({
      MEDIA_STORE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'lamha-media',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      S3_FORCE_PATH_STYLE: 'true',
      MEDIA_PUBLIC_URL: 'https://cdn.example.com/media/',
      MEDIA_CLEANUP_GRACE_DAYS: '14',
    });
    expect(s3).toMatchObject({
      MEDIA_STORE: 's3',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
      MEDIA_PUBLIC_URL: 'https://cdn.example.com/media',
      MEDIA_CLEANUP_GRACE_DAYS: 14,
    });
    expect(problemsOf({ MEDIA_STORE: 's3' })).toEqual(['S3_BUCKET']);
    expect(problemsOf({ MEDIA_STORE: 'minio' })).toEqual(['MEDIA_STORE']);
    expect(
      problemsOf({
        MEDIA_STORE: 's3',
        S3_BUCKET: 'Bad_Bucket',
        S3_ENDPOINT: 'ftp://x',
        S3_ACCESS_KEY_ID: 'only-one',
        MEDIA_PUBLIC_URL: 'cdn.example.com',
        MEDIA_CLEANUP_GRACE_DAYS: '0',
      }).sort(),
    ).toEqual([
      'MEDIA_CLEANUP_GRACE_DAYS',
      'MEDIA_PUBLIC_URL',
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_SECRET_ACCESS_KEY',
    ]);
  });

  it('names every bad variable at once', () => {
    const keys = problemsOf({ PORT: 'abc', DATABASE_URL: 'nonsense', REDIS_URL: 'http://x' });
    expect(keys.sort()).toEqual(['DATABASE_URL', 'PORT', 'REDIS_URL']);
  });

  it('puts the variable name in the message', () => {
    expect(() => loadApiEnv({ PORT: '70000' })).toThrow(/PORT: must be a whole number/);
  });

  it('reads the public support number and company identity, normalised and checked', () => {
    const env = loadApiEnv({
      SUPPORT_WHATSAPP: '+966 51-234 5678',
      COMPANY_LEGAL_NAME: ' Lamha Technologies LLC ',
      COMPANY_CR_NUMBER: '1010123456',
      COMPANY_VAT_NUMBER: '310123456700003',
    });
    expect(env.SUPPORT_WHATSAPP).toBe('966512345678');
    expect(env.COMPANY_LEGAL_NAME).toBe('Lamha Technologies LLC');
    expect(loadApiEnv({ SUPPORT_WHATSAPP: '00966512345678' }).SUPPORT_WHATSAPP).toBe('966512345678');
    expect(loadApiEnv({}).SUPPORT_WHATSAPP).toBeUndefined();
    expect(
      problemsOf({
        SUPPORT_WHATSAPP: '0512345678x',
        COMPANY_CR_NUMBER: '12',
        COMPANY_VAT_NUMBER: '123',
      }).sort(),
    ).toEqual(['COMPANY_CR_NUMBER', 'COMPANY_VAT_NUMBER', 'SUPPORT_WHATSAPP']);
  });

  it('treats empty values as unset', () => {
    expect(loadApiEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('requires a secret, SMTP and the public URL in production', () => {
    expect(problemsOf({ NODE_ENV: 'production', BILLING: 'platform-only' }).sort()).toEqual([
      'APP_URL',
      'AUTH_SECRET',
      'INSTAGRAM_APP_ID',
      'SMTP_URL',
    ]);
    const env = loadApiEnv({
      NODE_ENV: 'production',
      BILLING: 'platform-only',
      DEMO_CONTENT: 'true',
      AUTH_SECRET: STRONG_SECRET,
      SMTP_URL: 'smtp://mail.example.com:587',
      APP_URL: 'https://feed.example.com',
    });
    expect(env.APP_URL).toBe('https://feed.example.com');
  });

  it('refuses production with no Instagram route unless sample content is asked for', () => {
    const base = {
      NODE_ENV: 'production',
      BILLING: 'platform-only',
      AUTH_SECRET: STRONG_SECRET,
      SMTP_URL: 'smtp://mail.example.com:587',
      APP_URL: 'https://feed.example.com',
      TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    };
    expect(problemsOf(base)).toEqual(['INSTAGRAM_APP_ID']);
    expect(problemsOf({ ...base, DEMO_CONTENT: 'true' })).toEqual([]);
    expect(problemsOf({ ...base, IG_GRAPH_TOKEN: 't', IG_GRAPH_USER_ID: '1784' })).toEqual([]);
    expect(problemsOf({ ...base, INSTAGRAM_APP_ID: '123', INSTAGRAM_APP_SECRET: 's' })).toEqual([]);
    expect(problemsOf({ ...base, INSTAGRAM_APP_ID: '123' })).toEqual(['INSTAGRAM_APP_SECRET']);
    const { TOKEN_ENCRYPTION_KEY: _key, ...withoutKey } = base;
    expect(problemsOf({ ...withoutKey, INSTAGRAM_APP_ID: '123', INSTAGRAM_APP_SECRET: 's' })).toEqual([
      'TOKEN_ENCRYPTION_KEY',
    ]);
  });

  it('refuses production without Moyasar and the seller details, unless billing is platform-only', () => {
    const base = {
      NODE_ENV: 'production',
      DEMO_CONTENT: 'true',
      AUTH_SECRET: STRONG_SECRET,
      SMTP_URL: 'smtp://mail.example.com:587',
      APP_URL: 'https://feed.example.com',
    };
    expect(problemsOf(base).sort()).toEqual([
      'BILLING_SELLER_ADDRESS',
      'BILLING_SELLER_NAME',
      'BILLING_SELLER_VAT_NUMBER',
      'MOYASAR_SECRET_KEY',
      'MOYASAR_WEBHOOK_SECRET',
    ]);
    expect(problemsOf({ ...base, BILLING: 'platform-only' })).toEqual([]);
    const billing = {
      ...base,
      MOYASAR_SECRET_KEY: 'sk_live_abc123',
      MOYASAR_WEBHOOK_SECRET: 'w'.repeat(24),
      BILLING_SELLER_NAME: 'شركة لمحة',
      BILLING_SELLER_VAT_NUMBER: '310122393500003',
      BILLING_SELLER_ADDRESS: 'Riyadh',
    };
    expect(problemsOf(billing)).toEqual([]);
    expect(
      problemsOf({
        ...billing,
        MOYASAR_SECRET_KEY: 'pk_live_abc',
        BILLING_SELLER_VAT_NUMBER: '12345',
      }).sort(),
    ).toEqual(['BILLING_SELLER_VAT_NUMBER', 'MOYASAR_SECRET_KEY']);
  });

  it('rejects a short secret and a bad admin list', () => {
    expect(problemsOf({ AUTH_SECRET: 'short', ADMIN_EMAILS: 'a@b.co, nope' }).sort()).toEqual([
      'ADMIN_EMAILS',
      'AUTH_SECRET',
    ]);
    expect(loadApiEnv({ ADMIN_EMAILS: ' A@B.co ,c@d.co' }).ADMIN_EMAILS).toEqual(['a@b.co', 'c@d.co']);
  });

  it('refuses an AUTH_SECRET anyone could guess', () => {
    for (const guessable of [
      'x'.repeat(32),
      'ab'.repeat(20),
      '0123456789abcdef0123456789abcdef',
      'change-me-to-a-long-random-string-please',
      'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab',
    ]) {
      expect(() => loadApiEnv({ AUTH_SECRET: guessable }), guessable).toThrow(/AUTH_SECRET: .*openssl rand/);
    }
    expect(loadApiEnv({ AUTH_SECRET: STRONG_SECRET }).AUTH_SECRET).toBe(STRONG_SECRET);
  });

  it('treats blank Instagram variables as unset: the demo source, the current Graph version', () => {
    expect(
      loadApiEnv({ IG_GRAPH_TOKEN: ' ', IG_GRAPH_USER_ID: '', IG_GRAPH_VERSION: '', IG_GRAPH_BASE_URL: '' }),
    ).toMatchObject({
      IG_GRAPH_TOKEN: undefined,
      IG_GRAPH_VERSION: 'v25.0',
      IG_GRAPH_BASE_URL: 'https://graph.facebook.com',
    });
  });

  it('reads a full Graph configuration', () => {
    expect(
      loadApiEnv({
        IG_GRAPH_TOKEN: ' EAAG123 ',
        IG_GRAPH_USER_ID: '17841405309211844',
        IG_GRAPH_VERSION: 'v26.0',
        IG_GRAPH_BASE_URL: 'http://127.0.0.1:9999',
      }),
    ).toMatchObject({
      IG_GRAPH_TOKEN: 'EAAG123',
      IG_GRAPH_USER_ID: '17841405309211844',
      IG_GRAPH_VERSION: 'v26.0',
      IG_GRAPH_BASE_URL: 'http://127.0.0.1:9999',
    });
  });

  it('names each bad Instagram variable', () => {
    expect(problemsOf({ IG_GRAPH_TOKEN: 'EAAG123' })).toEqual(['IG_GRAPH_USER_ID']);
    expect(problemsOf({ IG_GRAPH_USER_ID: '1784' })).toEqual(['IG_GRAPH_TOKEN']);
    expect(problemsOf({ IG_GRAPH_BASE_URL: 'graph.facebook.com' })).toEqual(['IG_GRAPH_BASE_URL']);
    expect(problemsOf({ IG_GRAPH_BASE_URL: 'ftp://graph.facebook.com' })).toEqual(['IG_GRAPH_BASE_URL']);
    expect(problemsOf({ IG_GRAPH_VERSION: '25' })).toEqual(['IG_GRAPH_VERSION']);
    expect(problemsOf({ IG_GRAPH_TOKEN: 'x', IG_GRAPH_USER_ID: 'me' })).toContain('IG_GRAPH_USER_ID');
  });
});
