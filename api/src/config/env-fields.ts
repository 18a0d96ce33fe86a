import { z } from 'zod';
import ipaddr from 'ipaddr.js';

// The kinds of value the API's environment variables take (addresses, ports, flags, secrets), apart from
// the list of variables in env.ts (README.md and .env.example list them).
export const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

export const urlWithProtocols = (protocols: string[], example: string) =>
  optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL like ${example}` },
  );

export const port = z.coerce
  .number({ message: 'must be a whole number from 0 to 65535' })
  .int('must be a whole number from 0 to 65535')
  .min(0, 'must be a whole number from 0 to 65535')
  .max(65535, 'must be a whole number from 0 to 65535');

/** true/false, 1/0, yes/no; unset is false. */
export const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** The names proxy-addr understands for whole address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrCidr = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  try {
    if (entry.includes('/')) ipaddr.parseCIDR(entry);
    else ipaddr.parse(entry);
    return true;
  } catch {
    return false;
  }
};

/**
 * Which hops in front of us may set X-Forwarded-For: none (`false`, default), a hop count (`1` = one proxy
 * in front, so the client is the address that proxy appended), or the proxies' own addresses/CIDRs.
 * `true` would believe the left-most entry, which the client writes, so every per-IP limit could be
 * dodged with a made-up header: it is refused with what to write instead.
 */
export const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const value = (v ?? '').toLowerCase();
    if (value === '' || value === 'false' || value === 'no' || value === '0') return false;
    if (value === 'true' || value === 'yes') {
      ctx.addIssue({
        code: 'custom',
        message:
          'true would trust a client-written X-Forwarded-For; write the number of proxies in front of the API ' +
          '(e.g. TRUST_PROXY=1 behind one load balancer) or their addresses (e.g. TRUST_PROXY=10.0.0.0/8,loopback)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops;
    }
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter((e) => e.length > 0);
    const bad = entries.filter((e) => !isAddressOrCidr(e));
    if (bad.length > 0 || entries.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a hop count from 0 to 10 or a comma list of proxy addresses/CIDRs (not ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

const DEV_SECRET_PLACEHOLDERS = [
  'changeme',
  'change-me',
  'change_me',
  'replace-me',
  'your-secret',
  'secret-key',
];

/**
 * Why a configured AUTH_SECRET is guessable, or undefined. Length alone lets `xxxx…` and copied
 * placeholders through; anyone who can guess the key can mint sessions for any account.
 */
export function weakSecretReason(secret: string): string | undefined {
  if (secret.length < 32) return 'must be at least 32 characters';
  if (new Set(secret).size < 10) {
    return 'is too predictable (too few different characters); generate one with: openssl rand -base64 48';
  }
  if (/^(.{1,16})\1+$/.test(secret)) {
    return 'is too predictable (a repeated pattern); generate one with: openssl rand -base64 48';
  }
  const lower = secret.toLowerCase();
  if (DEV_SECRET_PLACEHOLDERS.some((p) => lower.includes(p))) {
    return 'looks like a placeholder; generate one with: openssl rand -base64 48';
  }
  return undefined;
}
