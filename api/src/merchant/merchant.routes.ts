import { Router } from 'express';
import { billingContracts, merchantContracts as c } from '@app/shared/contracts';
import type { TAccountSaved } from '@app/shared';
import type { AuthService } from '../auth/auth.service.js';
import { caller, requireAuth } from '../auth/auth.middleware.js';
import { AppError } from '../http/errors.js';
import { contractRoutes } from '../http/route.js';
import type { InstagramAccountService } from './instagram-account.service.js';
import type { MerchantService } from './merchant.service.js';

/**
 * What the signed-in merchant's dashboard calls: /api/merchant/*, the old plan change (/api/user/subscription)
 * and the Instagram username check (/api/instagram/validate).
 */
export function merchantRoutes(deps: {
  auth: AuthService;
  merchant: MerchantService;
  instagramAccount: InstagramAccountService;
}): Router {
  const router = Router();
  const route = contractRoutes(router, { merchant: requireAuth(deps.auth) });

  route(c.get, async ({ req, res }) => {
    res.setHeader('Cache-Control', 'no-store');
    return deps.merchant.get(caller(req).user);
  });

  route(c.store, ({ req, body }) => deps.merchant.setStore(caller(req).user, body));

  route(c.onboarding, ({ req, body }) => deps.merchant.setOnboarding(caller(req).user, body));

  route(c.installation, async ({ req, res }) => {
    res.setHeader('Cache-Control', 'no-store');
    return deps.merchant.installation(caller(req).user);
  });

  route(c.settings, async ({ req, body }) => {
    const result = await deps.merchant.saveSettings(caller(req).user, body);
    if (!result.ok) throw result.error;
    return result.value;
  });

  // Plans are bought with a payment now (issue 16): this old call grants nothing and points at checkout.
  route(c.legacySubscription, () => {
    const checkout = billingContracts.checkout.path;
    throw new AppError('payment_required', `Plans are bought with a payment: use POST ${checkout}.`, {
      checkout,
    });
  });

  route(c.validateInstagram, async ({ req, body }) => {
    const result = await deps.instagramAccount.validate(caller(req).user.id, body.username);
    if (!result.ok) throw result.error;
    const p = result.value;
    return {
      status: 'success' as const,
      user_id: p.externalId,
      pk: p.externalId,
      username: p.username,
      profile: {
        name: p.name ?? null,
        followers_count: p.followersCount ?? null,
        media_count: p.mediaCount ?? null,
        is_verified: p.isVerified ?? false,
      },
    };
  });

  route(c.account, async ({ req, body: input }) => {
    const me = caller(req);
    let saved: Omit<TAccountSaved, 'email'>;
    if (input.instagram_username !== undefined) {
      const result = await deps.instagramAccount.connect(me.user.id, input.instagram_username);
      if (!result.ok) throw result.error;
      const { account, validated } = result.value;
      saved = {
        instagram_username: account.instagramUsername,
        public_widget_key: account.publicWidgetKey,
        is_validated: validated,
        widget_content_ready: account.widgetContentReady,
      };
    } else {
      // E-mail only (the username path is hidden): the connection stays as it is.
      const merchant = await deps.merchant.get(me.user);
      saved = {
        instagram_username: merchant.instagram_username,
        public_widget_key: merchant.public_widget_key,
        is_validated: merchant.instagram_username !== null,
        widget_content_ready: merchant.widget_content_ready,
      };
    }
    if (input.email !== undefined) {
      await deps.merchant.setContactEmail(me.user, input.email === '' ? null : input.email);
    }
    return { ...saved, email: input.email ?? null };
  });

  route(c.refresh, async ({ req }) => {
    const result = await deps.instagramAccount.requestRefresh(caller(req).user.id);
    if (!result.ok) throw result.error;
    return result.value;
  });

  route(c.contentStatus, async ({ req, res }) => {
    res.setHeader('Cache-Control', 'no-store');
    return deps.instagramAccount.status(caller(req).user.id);
  });

  return router;
}
