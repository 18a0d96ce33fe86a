import { z } from 'zod';
import { ZGraphMedia, ZGraphPaging, ZGraphTimestamp } from '../../instagram/graph.schemas.js';

/**
 * What Instagram's API with Instagram Login answers (api.instagram.com and graph.instagram.com), as far as
 * we read it. Outside shapes, like graph.schemas.ts: mapped to our own types by the client.
 */

/**
 * `POST /oauth/access_token`. Newer answers wrap it in `data: [...]`. `user_id` is a JSON number that can
 * exceed 2^53, so it is never trusted: /me's string `user_id` is.
 */
const ZShortLivedToken = z.object({ access_token: z.string().min(1) });
export const ZCodeExchangeAnswer = z.union([
  ZShortLivedToken,
  z.object({ data: z.array(ZShortLivedToken).min(1) }).transform((v) => v.data[0]!),
]);

/** `GET /access_token?grant_type=ig_exchange_token` and `GET /refresh_access_token`. */
export const ZLongLivedToken = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().int().positive(),
});

const ZCount = z.number().int().nonnegative();

/** `GET /me?fields=user_id,username,name,account_type,profile_picture_url,followers_count,…`. */
export const ZInstagramMe = z.object({
  id: z.string().optional(),
  user_id: z.string().min(1),
  username: z.string().min(1),
  name: z.string().optional(),
  account_type: z.string().optional(),
  profile_picture_url: z.string().optional(),
  followers_count: ZCount.optional(),
  follows_count: ZCount.optional(),
  media_count: ZCount.optional(),
});
export type InstagramMe = z.infer<typeof ZInstagramMe>;

/** `GET /me/media`: one page. */
export const ZInstagramMediaPage = z.object({
  data: z.array(ZGraphMedia),
  paging: ZGraphPaging.optional(),
});

/** `GET /me/stories`: the last 24 h. */
export const ZInstagramStory = z.object({
  id: z.string().min(1),
  media_type: z.enum(['IMAGE', 'VIDEO']),
  media_url: z.string().optional(),
  thumbnail_url: z.string().optional(),
  permalink: z.string().optional(),
  timestamp: ZGraphTimestamp,
});
export const ZInstagramStoriesPage = z.object({
  data: z.array(ZInstagramStory),
  paging: ZGraphPaging.optional(),
});
