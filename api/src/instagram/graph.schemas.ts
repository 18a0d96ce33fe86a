import { z } from 'zod';
import { ZInstagramUrl } from '@app/shared';

/**
 * What the Instagram Graph API (Business Discovery) answers, as far as we read it. These describe an
 * outside API, not our contract: they live here rather than in shared/, and are mapped to SourceContent
 * by GraphSource. Unknown fields are dropped (zod strips them), so Graph adding a field never breaks us.
 */

/** Graph writes "2026-06-01T16:01:55+0000"; Date.parse wants the colon in the offset on some engines. */
export const ZGraphTimestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})$/, 'not a Graph timestamp')
  .transform((value, ctx) => {
    const normalised = value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
    const time = Date.parse(normalised);
    if (Number.isNaN(time)) {
      ctx.addIssue({ code: 'custom', message: 'not a date' });
      return z.NEVER;
    }
    return new Date(time).toISOString();
  });

const ZCount = z.number().int().nonnegative();

export const ZGraphChildMedia = z.object({
  id: z.string().min(1),
  media_type: z.enum(['IMAGE', 'VIDEO']),
  media_url: z.string().optional(),
  thumbnail_url: z.string().optional(),
});

export const ZGraphMedia = z.object({
  id: z.string().min(1),
  caption: z.string().optional(),
  media_type: z.enum(['IMAGE', 'VIDEO', 'CAROUSEL_ALBUM']),
  media_product_type: z.string().optional(),
  /** Absent for videos with licensed audio, copyright-flagged media, reels with downloads off. */
  media_url: z.string().optional(),
  thumbnail_url: z.string().optional(),
  /** Only an https link on instagram.com; anything else (`javascript:`…) is dropped for the profile link. */
  permalink: ZInstagramUrl.optional().catch(undefined),
  timestamp: ZGraphTimestamp,
  /** Absent when the owner hides like counts. */
  like_count: ZCount.optional(),
  comments_count: ZCount.optional(),
  children: z.object({ data: z.array(ZGraphChildMedia) }).optional(),
});
export type GraphMedia = z.infer<typeof ZGraphMedia>;

export const ZGraphPaging = z.object({
  cursors: z.object({ before: z.string().optional(), after: z.string().optional() }).optional(),
  next: z.string().optional(),
});

export const ZGraphBusinessDiscovery = z.object({
  id: z.string().min(1),
  username: z.string().min(1),
  name: z.string().optional(),
  profile_picture_url: z.string().optional(),
  followers_count: ZCount.optional(),
  follows_count: ZCount.optional(),
  media_count: ZCount.optional(),
  media: z
    .object({
      data: z.array(ZGraphMedia),
      paging: ZGraphPaging.optional(),
    })
    .optional(),
});
export type GraphBusinessDiscovery = z.infer<typeof ZGraphBusinessDiscovery>;

/** `GET /{ig-user-id}?fields=business_discovery.username(NAME){…}`. */
export const ZBusinessDiscoveryResponse = z.object({
  business_discovery: ZGraphBusinessDiscovery,
  id: z.string().optional(),
});
export type BusinessDiscoveryResponse = z.infer<typeof ZBusinessDiscoveryResponse>;

/** Every Graph error: `{"error":{"message","type","code","error_subcode","is_transient","fbtrace_id"}}`. */
export const ZGraphErrorResponse = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.number().int(),
    error_subcode: z.number().int().optional(),
    is_transient: z.boolean().optional(),
    fbtrace_id: z.string().optional(),
  }),
});

/** The `X-App-Usage` header: percentages of the app's hourly allowance already used. */
export const ZGraphAppUsage = z.object({
  call_count: z.coerce.number().optional().catch(undefined),
  total_cputime: z.coerce.number().optional().catch(undefined),
  total_time: z.coerce.number().optional().catch(undefined),
});

/**
 * The `X-Business-Use-Case-Usage` header (Instagram Platform calls): per business object id, a list of
 * usages by type, percentages like X-App-Usage, and `estimated_time_to_regain_access` in minutes.
 */
export const ZBusinessUseCaseUsage = z.record(
  z.string(),
  z.array(
    ZGraphAppUsage.extend({
      type: z.string().optional().catch(undefined),
      estimated_time_to_regain_access: z.coerce.number().nonnegative().optional().catch(undefined),
    }),
  ),
);
