import { z } from 'zod';
import {
  CR_PATTERN,
  PUBLIC_URL_PATTERN,
  VAT_PATTERN,
  WHATSAPP_PATTERN,
  type TPublicConfig,
} from '../public-config.js';

/** International number, digits only (no +, spaces or leading zeros), as wa.me wants it: 9665XXXXXXXX. */
export const ZWhatsappNumber = z
  .string()
  .regex(WHATSAPP_PATTERN, 'must be an international number in digits, like 966512345678');
/** Saudi commercial registration: 10 digits. */
export const ZCommercialRegistration = z
  .string()
  .regex(CR_PATTERN, 'must be the 10-digit commercial registration');
/** Saudi VAT registration number: 15 digits starting and ending with 3. */
export const ZVatNumber = z
  .string()
  .regex(VAT_PATTERN, 'must be a 15-digit Saudi VAT registration number (starts and ends with 3)');

const ZPublicUrl = z.url({ protocol: /^https?$/ }).regex(PUBLIC_URL_PATTERN);

/** The public configuration (see ../public-config.ts), as the server checks it. */
export const ZPublicConfig: z.ZodType<TPublicConfig> = z.object({
  support_whatsapp: ZWhatsappNumber.nullable(),
  support_chat_url: ZPublicUrl.nullable(),
  company: z.object({
    legal_name: z.string().trim().min(1).max(200).nullable(),
    commercial_registration: ZCommercialRegistration.nullable(),
    vat_number: ZVatNumber.nullable(),
  }),
  salla_app_url: ZPublicUrl.nullable(),
  zid_app_url: ZPublicUrl.nullable(),
});
