/**
 * Public facts about the operator that the web app shows (issue 18 item 14): the support WhatsApp number,
 * the support chat, the company's legal identity for the footer, the about page and the terms, and Lamha's
 * own listings on the Salla App Store and the Zid App Market. They come from the server's configuration
 * (`SUPPORT_WHATSAPP`, `SUPPORT_CHAT_URL`, `COMPANY_*`, `SALLA_APP_URL`, `ZID_APP_URL`), never from the
 * build, and are public by nature:
 * no secret may ever be added here, because the API writes this object into every HTML page it serves.
 * No zod in this file: the landing page reads it (the zod schema is in schemas/public-config.ts).
 */

import { VAT_PATTERN } from './vat.js';

export { VAT_PATTERN };
export const WHATSAPP_PATTERN = /^[1-9]\d{7,14}$/;
export const CR_PATTERN = /^\d{10}$/;
/** An http(s) address of sensible length (the server checks it fully with zod). */
export const PUBLIC_URL_PATTERN = /^https?:\/\/[^\s"<>]{1,2000}$/;

export interface TPublicConfig {
  support_whatsapp: string | null;
  /** Where live chat with support happens (SUPPORT_CHAT_URL, else the WhatsApp link); null: no chat. */
  support_chat_url: string | null;
  company: { legal_name: string | null; commercial_registration: string | null; vat_number: string | null };
  /** Lamha's page on the Salla App Store / Zid App Market; null until the app is listed there. */
  salla_app_url: string | null;
  zid_app_url: string | null;
}

export const EMPTY_PUBLIC_CONFIG: TPublicConfig = {
  support_whatsapp: null,
  support_chat_url: null,
  company: { legal_name: null, commercial_registration: null, vat_number: null },
  salla_app_url: null,
  zid_app_url: null,
};

/** The id of the `<script type="application/json">` that carries the config in the served HTML. */
export const PUBLIC_CONFIG_ELEMENT_ID = 'lamha-public-config';

export const whatsappUrl = (number: string): string => `https://wa.me/${number}`;

/**
 * `SUPPORT_WHATSAPP` as people write it ("+966 50 123 4567", "00966-50…") to wa.me's digits; the result is
 * then checked by ZWhatsappNumber.
 */
export const normaliseWhatsapp = (value: string): string =>
  value.replace(/[\s().-]/g, '').replace(/^(\+|00)/, '');

/**
 * The config as the browser reads it from the page: the same rules as ZPublicConfig without zod (the
 * landing page's JavaScript budget has no room for it); a bad or missing field reads as unset.
 */
export function readPublicConfig(value: unknown): TPublicConfig {
  const o = (value ?? {}) as Record<string, unknown> & { company?: Record<string, unknown> };
  const c = o.company ?? {};
  // A page cached before the wire became snake_case (docs/api.md) carries camelCase keys: read both.
  const at = (r: Record<string, unknown>, key: string) =>
    r[key] ?? r[key.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase())];
  const pick = (v: unknown, ok: (s: string) => boolean) => (typeof v === 'string' && ok(v) ? v : null);
  const url = (v: unknown) => pick(v, (s) => PUBLIC_URL_PATTERN.test(s));
  return {
    support_whatsapp: pick(at(o, 'support_whatsapp'), (s) => WHATSAPP_PATTERN.test(s)),
    support_chat_url: url(at(o, 'support_chat_url')),
    company: {
      legal_name: pick(at(c, 'legal_name'), (s) => s.trim() !== '' && s.length <= 200),
      commercial_registration: pick(at(c, 'commercial_registration'), (s) => CR_PATTERN.test(s)),
      vat_number: pick(at(c, 'vat_number'), (s) => VAT_PATTERN.test(s)),
    },
    salla_app_url: url(at(o, 'salla_app_url')),
    zid_app_url: url(at(o, 'zid_app_url')),
  };
}
