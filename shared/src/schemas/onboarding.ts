import { z } from 'zod';
import { ZText } from './text.js';

/**
 * The first-run steps of the dashboard (issue 18): the store, Instagram, "your feed is ready", the style,
 * the installation. Kept on the server (the user's metadata) so it never shows again once done, on any
 * device.
 */
export const ONBOARDING_STEPS = ['store', 'connect', 'ready', 'style', 'install'] as const;
export const ZOnboardingStep = z.enum(ONBOARDING_STEPS);
export type TOnboardingStep = z.infer<typeof ZOnboardingStep>;

/** The state, and the body of PUT /api/merchant/onboarding (the whole state, as the dashboard moves on). */
export const ZOnboarding = z.strictObject({
  /** The step the merchant is on (where "resume" takes them). */
  step: ZOnboardingStep,
  /** Steps passed over with "skip"; the progress shows them as not done. */
  skipped: z.array(ZOnboardingStep).max(ONBOARDING_STEPS.length),
  /** Finished or dismissed: the flow never shows again. */
  done: z.boolean(),
});
export type TOnboarding = z.infer<typeof ZOnboarding>;

/**
 * A store address as merchants type it: "mystore.com", "https://mystore.com/", "salla.sa/mystore". Read as
 * https when no scheme is given; only http(s); the answer is the normalised address without a trailing slash.
 */
export const ZStoreUrl = ZText.trim()
  .max(300)
  .transform((value, ctx) => {
    const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
    let url: URL;
    try {
      url = new URL(withScheme);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a web address like https://mystore.com' });
      return z.NEVER;
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname.includes('.')) {
      ctx.addIssue({ code: 'custom', message: 'must be a web address like https://mystore.com' });
      return z.NEVER;
    }
    url.hash = '';
    return url.href.replace(/\/$/, '');
  });

/** PUT /api/merchant/store: the store's name and address ('' clears the address). */
export const ZStoreUpdate = z.strictObject({
  store_name: ZText.trim().min(1).max(100),
  store_url: z.union([z.literal(''), ZStoreUrl]),
});
export type TStoreUpdate = z.input<typeof ZStoreUpdate>;

export const ZStoreSaved = z.object({ store_name: z.string(), store_url: z.string().nullable() });
export type TStoreSaved = z.infer<typeof ZStoreSaved>;

/** GET /api/merchant/installation: the pages that loaded the widget, most recent first. */
export const ZInstallation = z.object({
  installs: z.array(z.object({ origin: z.string(), first_seen_at: z.string(), last_seen_at: z.string() })),
});
export type TInstallation = z.infer<typeof ZInstallation>;
