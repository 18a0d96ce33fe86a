import { Router } from 'express';
import { z } from 'zod';
import { API_ERRORS, ZEmail, ZSettingsUpdate } from '@app/shared';
import type { AuthService } from '../auth/auth.service.js';
import { caller, requireAuth } from '../auth/auth.middleware.js';
import { AppError } from '../http/errors.js';
import { parseInput } from '../http/validate.js';
import { normaliseUsername } from '../instagram/username.js';
import type { InstagramAccountService } from './instagram-account.service.js';
import type { MerchantService } from './merchant.service.js';

/** Trims spaces and one leading @ (spec §5); blank becomes the spec's message. */
const ZUsernameInput = z
  .string({ message: API_ERRORS.username_required.en })
  .transform((v) => normaliseUsername(v))
  .pipe(z.string().min(1, API_ERRORS.username_required.en));

const ZValidateRequest = z.object({ username: ZUsernameInput });
const ZAccountUpdate = z.strictObject({
  instagram_username: ZUsernameInput,
  email: z.union([z.literal(''), ZEmail]).optional(),
});

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
    res.json(await deps.merchant.get(caller(req).user));
  });

  router.put('/api/merchant/settings', signedIn, async (req, res) => {
    const input = parseInput(ZSettingsUpdate, req.body);
    const result = await deps.merchant.saveSettings(caller(req).user, input);
    if (!result.ok) throw result.error;
    res.json(result.value);
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
    const { username } = parseInput(ZValidateRequest, req.body);
    const result = await deps.instagramAccount.validate(caller(req).user.id, username);
    if (!result.ok) throw result.error;
    const p = result.value;
    res.json({
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
    });
  });

  router.put('/api/merchant/account', signedIn, async (req, res) => {
    const input = parseInput(ZAccountUpdate, req.body);
    const me = caller(req);
    const result = await deps.instagramAccount.connect(me.user.id, input.instagram_username);
    if (!result.ok) throw result.error;
    if (input.email !== undefined) {
      await deps.merchant.setContactEmail(me.user, input.email === '' ? null : input.email);
    }
    const { account, validated } = result.value;
    res.json({
      instagram_username: account.instagramUsername,
      public_widget_key: account.publicWidgetKey,
      is_validated: validated,
      widget_content_ready: account.widgetContentReady,
      email: input.email ?? null,
    });
  });

  router.post('/api/merchant/refresh', signedIn, async (req, res) => {
    const result = await deps.instagramAccount.requestRefresh(caller(req).user.id);
    if (!result.ok) throw result.error;
    res.status(202).json(result.value);
  });

  router.get('/api/merchant/content-status', signedIn, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await deps.instagramAccount.status(caller(req).user.id));
  });

  return router;
}
