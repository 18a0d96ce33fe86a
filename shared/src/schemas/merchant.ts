import { z } from 'zod';
import { API_ERRORS } from '../errors.js';
import { ZEmail } from './auth.js';
import { ZLanguage, ZStorePlatform } from './common.js';
import { normaliseInstagramUsername } from './instagram.js';
import { ZOnboarding } from './onboarding.js';
import { ZWidgetSettings } from './widget.js';

/** The merchant as the dashboard shows it (product §3 "Merchant"), assembled by GET /api/merchant. */
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
  /** Where the plan stands: grace (ended, the widget still shows for 3 days) and expired say so on the badge. */
  subscription_status: z.enum(['active', 'trial', 'grace', 'expired']).optional(),
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
  /** The store's name as the merchant gave it (null until they do; business_name keeps the product's fallback). */
  store_name: z.string().nullable().optional(),
  /** The first-run steps (issue 18); absent in copies kept from before them. */
  onboarding: ZOnboarding.optional(),
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

// ---------- The merchant's Instagram account: PUT /api/merchant/account, POST /api/instagram/validate ----------

/**
 * The username the account form sends (product §5): normalised, and blank is the product's 'Please enter an
 * Instagram username.'. Instagram's own rules are checked by the account lookup that follows, whose answer
 * says what is wrong (not found, private, not a business account).
 */
const ZUsernameToConnect = z
  .string({ message: API_ERRORS.username_required.en })
  .transform(normaliseInstagramUsername)
  .pipe(z.string().min(1, API_ERRORS.username_required.en));

/** POST /api/instagram/validate */
export const ZInstagramValidateRequest = z.object({ username: ZUsernameToConnect });

export const ZInstagramValidated = z.object({
  status: z.literal('success'),
  user_id: z.string(),
  pk: z.string(),
  username: z.string(),
  profile: z.object({
    name: z.string().nullable(),
    followers_count: z.number().nullable(),
    media_count: z.number().nullable(),
    is_verified: z.boolean(),
  }),
});
export type TInstagramValidated = z.infer<typeof ZInstagramValidated>;

/**
 * PUT /api/merchant/account: the username, and the contact e-mail ('' clears it). The username is left out
 * where the dashboard hides the username path (no Business Discovery): then only the e-mail changes.
 */
export const ZAccountUpdate = z
  .strictObject({
    instagram_username: ZUsernameToConnect.optional(),
    email: z.union([z.literal(''), ZEmail]).optional(),
  })
  .refine((input) => input.instagram_username !== undefined || input.email !== undefined, {
    message: API_ERRORS.username_required.en,
    path: ['instagram_username'],
  });
export type TAccountUpdate = z.input<typeof ZAccountUpdate>;

export const ZAccountSaved = z.object({
  /** Null when only the e-mail was saved and nothing is connected. */
  instagram_username: z.string().nullable(),
  public_widget_key: z.string().nullable(),
  is_validated: z.boolean(),
  widget_content_ready: z.boolean(),
  email: z.string().nullable(),
});
export type TAccountSaved = z.infer<typeof ZAccountSaved>;

/** POST /api/merchant/refresh (202). */
export const ZRefreshStarted = z.object({ message: z.string() });
export type TRefreshStarted = z.infer<typeof ZRefreshStarted>;

/** GET /api/merchant/content-status */
export const ZContentStatus = z.object({
  widget_content_ready: z.boolean(),
  last_refresh: z.string().nullable(),
  last_error: z.string().nullable(),
  next_refresh_at: z.string().nullable(),
});
export type TContentStatus = z.infer<typeof ZContentStatus>;
