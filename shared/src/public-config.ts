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
  supportWhatsapp: string | null;
  /** Where live chat with support happens (SUPPORT_CHAT_URL, else the WhatsApp link); null: no chat. */
  supportChatUrl: string | null;
  company: { legalName: string | null; commercialRegistration: string | null; vatNumber: string | null };
  /** Lamha's page on the Salla App Store / Zid App Market; null until the app is listed there. */
  sallaAppUrl: string | null;
  zidAppUrl: string | null;
}

export const EMPTY_PUBLIC_CONFIG: TPublicConfig = {
  supportWhatsapp: null,
  supportChatUrl: null,
  company: { legalName: null, commercialRegistration: null, vatNumber: null },
  sallaAppUrl: null,
  zidAppUrl: null,
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
  const pick = (v: unknown, ok: (s: string) => boolean) => (typeof v === 'string' && ok(v) ? v : null);
  const url = (v: unknown) => pick(v, (s) => PUBLIC_URL_PATTERN.test(s));
  return {
    supportWhatsapp: pick(o.supportWhatsapp, (s) => WHATSAPP_PATTERN.test(s)),
    supportChatUrl: url(o.supportChatUrl),
    company: {
      legalName: pick(c.legalName, (s) => s.trim() !== '' && s.length <= 200),
      commercialRegistration: pick(c.commercialRegistration, (s) => CR_PATTERN.test(s)),
      vatNumber: pick(c.vatNumber, (s) => VAT_PATTERN.test(s)),
    },
    sallaAppUrl: url(o.sallaAppUrl),
    zidAppUrl: url(o.zidAppUrl),
  };
}
