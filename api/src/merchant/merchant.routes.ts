import { Router } from 'express';
import {
  ZAccountUpdate,
  ZInstagramValidateRequest,
  ZOnboarding,
  ZSettingsUpdate,
  ZStoreUpdate,
  type TInstallation,
  type TOnboarding,
  type TStoreSaved,
  type TAccountSaved,
  type TContentStatus,
  type TInstagramValidated,
  type TMerchant,
  type TRefreshStarted,
  type TSettingsSaved,
} from '@app/shared';
import type { AuthService } from '../auth/auth.service.js';
import { caller, requireAuth } from '../auth/auth.middleware.js';
import { AppError } from '../http/errors.js';
import { parseInput } from '../http/validate.js';
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
  const signedIn = requireAuth(deps.auth);

  router.get('/api/merchant', signedIn, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const body: TMerchant = await deps.merchant.get(caller(req).user);
    res.json(body);
  });

  router.put('/api/merchant/store', signedIn, async (req, res) => {
    const input = parseInput(ZStoreUpdate, req.body);
    const body: TStoreSaved = await deps.merchant.setStore(caller(req).user, input);
    res.json(body);
  });

  router.put('/api/merchant/onboarding', signedIn, async (req, res) => {
    const input = parseInput(ZOnboarding, req.body);
    const body: TOnboarding = await deps.merchant.setOnboarding(caller(req).user, input);
    res.json(body);
  });

  router.get('/api/merchant/installation', signedIn, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const body: TInstallation = await deps.merchant.installation(caller(req).user);
    res.json(body);
  });

  router.put('/api/merchant/settings', signedIn, async (req, res) => {
    const input = parseInput(ZSettingsUpdate, req.body);
    const result = await deps.merchant.saveSettings(caller(req).user, input);
    if (!result.ok) throw result.error;
    const body: TSettingsSaved = result.value;
    res.json(body);
  });

  // Plans are bought with a payment now (issue 16): this old call grants nothing and points at checkout.
  router.post('/api/user/subscription', signedIn, () => {
    throw new AppError(
      'payment_required',
      'Plans are bought with a payment: use POST /api/billing/checkout.',
      {
        checkout: '/api/billing/checkout',
      },
    );
  });

  router.post('/api/instagram/validate', signedIn, async (req, res) => {
    const { username } = parseInput(ZInstagramValidateRequest, req.body);
    const result = await deps.instagramAccount.validate(caller(req).user.id, username);
    if (!result.ok) throw result.error;
    const p = result.value;
    const body: TInstagramValidated = {
      status: 'success',
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
    res.json(body);
  });

  router.put('/api/merchant/account', signedIn, async (req, res) => {
    const input = parseInput(ZAccountUpdate, req.body);
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
    const body: TAccountSaved = { ...saved, email: input.email ?? null };
    res.json(body);
  });

  router.post('/api/merchant/refresh', signedIn, async (req, res) => {
    const result = await deps.instagramAccount.requestRefresh(caller(req).user.id);
    if (!result.ok) throw result.error;
    const body: TRefreshStarted = result.value;
    res.status(202).json(body);
  });

  router.get('/api/merchant/content-status', signedIn, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const body: TContentStatus = await deps.instagramAccount.status(caller(req).user.id);
    res.json(body);
  });

  return router;
}
