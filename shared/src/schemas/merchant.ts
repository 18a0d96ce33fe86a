import { z } from 'zod';
import { ZLanguage, ZStorePlatform } from './common.js';
import { ZWidgetSettings } from './widget.js';

/** The merchant as the dashboard shows it (spec §3 "Merchant"), assembled by GET /api/merchant. */
export const ZMerchant = z.object({
  id: z.string(),
  user_id: z.string(),
  /** Business name, else full name, else 'Store Name'. */
  business_name: z.string(),
  instagram_username: z.string().nullable(),
  public_widget_key: z.string().nullable(),
  /** Contact e-mail shown on the account card (the sign-in e-mail unless the merchant set another). */
  email: z.string().nullable(),
  login_email: z.string(),
  store_url: z.string().nullable(),
  store_platform: ZStorePlatform,
  trial_ends_at: z.string().nullable(),
  /** Tier name for the label rules: 'trial', 'Basic', 'Professional', or '' (free). */
  subscription_tier: z.string(),
  subscription_plan: z.enum(['basic', 'pro', 'trial', 'free']),
  subscription_tier_id: z.string().nullable(),
  subscription_end_date: z.string().nullable(),
  last_refresh: z.string().nullable(),
  last_error: z.string().nullable(),
  next_refresh_at: z.string().nullable(),
  salla_connection: z.object({ expires_at: z.string().nullable() }).nullable(),
  display_settings: ZWidgetSettings,
  settings_version: z.number().int().positive(),
  language_preference: ZLanguage,
  widget_content_ready: z.boolean(),
  needs_password_setup: z.boolean(),
  support_chat_url: z.string().nullable(),
});
export type TMerchant = z.infer<typeof ZMerchant>;

/** PUT /api/merchant/settings: the whole settings object and the version it was edited from. */
export const ZSettingsUpdate = z.strictObject({
  version: z.number().int().positive(),
  settings: ZWidgetSettings,
  language: ZLanguage.optional(),
});
export type TSettingsUpdate = z.infer<typeof ZSettingsUpdate>;

export const ZSettingsSaved = z.object({ settings: ZWidgetSettings, version: z.number().int().positive() });
export type TSettingsSaved = z.infer<typeof ZSettingsSaved>;

/** The 409 answer's details: the server's copy, so the client can show both versions. */
export const ZSettingsConflict = z.object({
  error: z.object({
    code: z.literal('conflict'),
    message: z.string(),
    details: ZSettingsSaved,
  }),
});
export type TSettingsConflict = z.infer<typeof ZSettingsConflict>;
