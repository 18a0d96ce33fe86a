import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { ZEmail, type THighlightStoriesResponse } from '@app/shared';
import type { AuthService } from '../auth/auth.service.js';
import { caller, requireAuth } from '../auth/auth.middleware.js';
import { parseInput } from '../http/validate.js';
import { normaliseUsername } from '../instagram/username.js';
import type { MerchantService } from '../merchant/merchant.service.js';
import type { ContentService } from './content.service.js';
import { CONTENT_MESSAGES } from './content.service.js';

/** Trims spaces and one leading @ (spec §5); blank becomes the spec's message. */
const ZUsernameInput = z
  .string({ message: CONTENT_MESSAGES.usernameRequired })
  .transform((v) => normaliseUsername(v))
  .pipe(z.string().min(1, CONTENT_MESSAGES.usernameRequired));

const ZValidateRequest = z.object({ username: ZUsernameInput });
const ZAccountUpdate = z.strictObject({
  instagram_username: ZUsernameInput,
  email: z.union([z.literal(''), ZEmail]).optional(),
});

/** Public widget endpoints are read from any store's pages. */
export const openCors: RequestHandler = (_req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  next();
};

export function contentRoutes(deps: {
  auth: AuthService;
  content: ContentService;
  merchant: MerchantService;
}): Router {
  const router = Router();
  const signedIn = requireAuth(deps.auth);

  router.post('/api/instagram/validate', signedIn, async (req, res) => {
    const { username } = parseInput(ZValidateRequest, req.body);
    const result = await deps.content.validate(username);
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
    const result = await deps.content.connect(me.user.id, input.instagram_username);
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
    const result = await deps.content.requestRefresh(caller(req).user.id);
    if (!result.ok) throw result.error;
    res.status(202).json(result.value);
  });

  router.get('/api/merchant/content-status', signedIn, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await deps.content.status(caller(req).user.id));
  });

  router.get('/api/widget/highlights/:id/stories', openCors, async (req, res) => {
    const { key, merchantId } = parseInput(
      z.object({ key: z.string().min(1).optional(), merchantId: z.string().min(1).optional() }),
      req.query,
    );
    const widgetKey = key ?? merchantId;
    if (!widgetKey) {
      res.status(400).json({ error: { code: 'missing_key', message: CONTENT_MESSAGES.widgetNotFound } });
      return;
    }
    const result = await deps.content.highlightStories(widgetKey, String(req.params.id));
    if (!result.ok) throw result.error;
    const body: THighlightStoriesResponse = { status: 'success', stories: result.value };
    res.setHeader('Cache-Control', 'public, max-age=60, stale-while-revalidate=86400');
    res.json(body);
  });

  return router;
}
