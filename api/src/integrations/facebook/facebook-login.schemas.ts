import { z } from 'zod';
import { ZInstagramId } from '../../instagram/instagram-login.schemas.js';

/**
 * What Facebook Login and the Graph API answer on graph.facebook.com for the Instagram API with Facebook
 * Login, as far as we read it (fixtures and their sources: testing/contracts/facebook/). Outside shapes:
 * unknown fields are dropped, numbers that arrive as strings are read.
 */

/**
 * `GET /oauth/access_token` (the code exchange, and `grant_type=fb_exchange_token` for the long-lived
 * token): `{access_token, token_type, expires_in}`. The code exchange may leave `expires_in` out.
 */
export const ZFacebookToken = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional().catch(undefined),
  expires_in: z.coerce.number().int().positive().optional().catch(undefined),
});

/** `GET /me?fields=id,name`: the Facebook user, by the app-scoped id Meta's callbacks name them by. */
export const ZFacebookMe = z.object({
  id: ZInstagramId,
  name: z.string().optional().catch(undefined),
});

const ZCount = z.number().int().nonnegative();

/** The Instagram professional account linked to a Page, with the fields we ask for. */
export const ZInstagramBusinessAccount = z.object({
  id: ZInstagramId,
  username: z.string().min(1).optional().catch(undefined),
  name: z.string().optional().catch(undefined),
  profile_picture_url: z.string().optional().catch(undefined),
  followers_count: ZCount.optional().catch(undefined),
  follows_count: ZCount.optional().catch(undefined),
  media_count: ZCount.optional().catch(undefined),
});

/** `GET /me/accounts?fields=id,name,instagram_business_account{…}`: the Pages the person manages. */
export const ZFacebookAccounts = z.object({
  data: z.array(
    z.object({
      id: ZInstagramId,
      name: z.string().optional().catch(undefined),
      /** Absent when no Instagram professional account is linked to the Page. */
      instagram_business_account: ZInstagramBusinessAccount.optional().catch(undefined),
    }),
  ),
  paging: z.object({ next: z.string().optional() }).optional().catch(undefined),
});
