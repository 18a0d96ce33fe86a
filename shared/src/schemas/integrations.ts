import { z } from 'zod';

/** Numbers or numeric strings as platforms send ids. */
const ZId = z.union([z.string().min(1), z.number().int()]).transform((v) => String(v));

/** Salla webhook envelope: {event, merchant, created_at, data}. */
export const ZSallaWebhook = z.object({
  event: z.string().min(1),
  merchant: ZId,
  created_at: z.string().optional(),
  data: z.record(z.string(), z.unknown()).default({}),
});
export type TSallaWebhook = z.infer<typeof ZSallaWebhook>;

/** data of app.store.authorize: `expires` is absolute Unix seconds; some deliveries send `expires_in`. */
export const ZSallaAuthorizeData = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires: z.coerce.number().int().positive().optional(),
  expires_in: z.coerce.number().int().positive().optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});

export const ZSallaSubscriptionData = z.object({
  item_type: z.string().optional(),
  item_slug: z.string().nullable().optional(),
  plan_name: z.string().nullable().optional(),
  plan_type: z.string().nullable().optional(),
  price: z.union([z.string(), z.number()]).nullable().optional(),
  start_date: z.string().nullable().optional(),
  end_date: z.string().nullable().optional(),
  renew_date: z.string().nullable().optional(),
});

export const ZSallaSettingsData = z.object({ settings: z.record(z.string(), z.unknown()).default({}) });

const ZSallaMerchant = z.object({
  id: ZId,
  username: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  domain: z.string().nullable().optional(),
});

const ZSallaUser = z.object({
  id: ZId.optional(),
  name: z.string().nullable().optional(),
  email: z.string().email(),
  mobile: z.string().nullable().optional(),
  merchant: ZSallaMerchant.optional(),
});

/**
 * GET /oauth2/user/info. Salla's PHP and JS SDKs read it inside a `data` envelope
 * (`{status, success, data:{…, merchant}}`); Salla's own agent kit shows it flat (`{id, name, email,
 * merchant}`). Both are read; `merchant` is taken from the user, or from the top level beside `data`.
 */
export const ZSallaUserInfo = z
  .union([
    z.object({ data: ZSallaUser, merchant: ZSallaMerchant.optional() }),
    ZSallaUser.transform((user) => ({ data: user, merchant: undefined })),
  ])
  .transform((u) => ({ ...u.data, merchant: u.data.merchant ?? u.merchant }));
export type TSallaUserInfo = z.infer<typeof ZSallaUserInfo>;

/** POST /oauth2/token (refresh). */
export const ZSallaTokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires: z.coerce.number().int().positive().optional(),
  expires_in: z.coerce.number().int().positive().optional(),
  scope: z.string().optional(),
});

/** Zid app-market webhook: one flat payload. */
export const ZZidWebhook = z.object({
  event_name: z.string().min(1),
  store_id: ZId,
  store_url: z.string().nullable().optional(),
  plan_name: z.string().nullable().optional(),
  plan_id: ZId.nullable().optional(),
  status: z.string().nullable().optional(),
  start_date: z.string().nullable().optional(),
  end_date: z.string().nullable().optional(),
  merchant_email: z.string().nullable().optional(),
});
export type TZidWebhook = z.infer<typeof ZZidWebhook>;

/**
 * POST /oauth/token on Zid. Zid's official Python SDK reads `authorization` or `Authorization` and, when
 * `expires_in` is absent, takes a year (31536000 s); its docs show `expires_in` as a string.
 */
export const ZID_DEFAULT_EXPIRES_IN = 31_536_000;
export const ZZidTokenResponse = z
  .object({
    access_token: z.string().min(1),
    authorization: z.string().min(1).optional(),
    Authorization: z.string().min(1).optional(),
    refresh_token: z.string().min(1),
    expires_in: z.coerce.number().int().positive().optional(),
  })
  .refine((t) => Boolean(t.authorization ?? t.Authorization), {
    message: 'The token answer has no authorization token.',
  })
  .transform((t) => ({
    access_token: t.access_token,
    authorization: (t.authorization ?? t.Authorization)!,
    refresh_token: t.refresh_token,
    expires_in: t.expires_in ?? ZID_DEFAULT_EXPIRES_IN,
  }));

/** A store webhook (`POST /v1/managers/webhooks` answers one; `GET` lists them in `data`). */
export const ZZidStoreWebhook = z.object({
  id: z.string().optional(),
  event: z.string(),
  target_url: z.string(),
  original_id: ZId.nullable().optional(),
});
export const ZZidStoreWebhooks = z.object({ data: z.array(ZZidStoreWebhook).default([]) });

/** GET /v1/managers/account/profile. */
export const ZZidProfile = z.object({
  user: z.object({
    name: z.string().nullable().optional(),
    email: z.string().email(),
    store: z.object({
      id: ZId,
      title: z.string().nullable().optional(),
      url: z.string().nullable().optional(),
    }),
  }),
});

/** The one-time token of a "link this store to your account?" e-mail. */
export const ZStoreLinkTokenRequest = z.object({
  token: z
    .string({ error: 'The link is missing its token.' })
    .min(20, 'The link is missing its token.')
    .max(200, 'The link is missing its token.')
    .regex(/^[A-Za-z0-9_-]+$/, 'The link is missing its token.'),
});
export type TStoreLinkTokenRequest = z.infer<typeof ZStoreLinkTokenRequest>;

/** A store install waiting for the account owner's confirmation, as the owner sees it. */
export const ZStoreLink = z.object({
  platform: z.enum(['salla', 'zid']),
  store_name: z.string().nullable(),
  store_url: z.string().nullable(),
  expires_at: z.string(),
});
export type TStoreLink = z.infer<typeof ZStoreLink>;

export const ZStoreLinkResponse = z.object({ link: ZStoreLink });
export type TStoreLinkResponse = z.infer<typeof ZStoreLinkResponse>;

export const ZStoreLinksResponse = z.object({ links: z.array(ZStoreLink) });
export type TStoreLinksResponse = z.infer<typeof ZStoreLinksResponse>;

/** The merchant's store connection as the embed tab shows it. */
export const ZStoreConnection = z.object({
  platform: z.enum(['salla', 'zid']),
  state: z.enum(['installed', 'uninstalled', 'needs_reauthorisation']),
  installed_at: z.string().nullable(),
  uninstalled_at: z.string().nullable(),
  /** Zid's storefront script (Salla's App Snippet needs no registration: null). */
  script: z
    .object({
      status: z.enum(['pending', 'registered', 'failed']),
      error: z.string().nullable(),
      next_attempt_at: z.string().nullable(),
    })
    .nullable(),
});
export type TStoreConnection = z.infer<typeof ZStoreConnection>;

/** GET /api/merchant/store-connection: the connection (if any) and installs waiting for confirmation. */
export const ZStoreConnectionResponse = z.object({
  connection: ZStoreConnection.nullable(),
  pending_links: z.array(ZStoreLink),
});
export type TStoreConnectionResponse = z.infer<typeof ZStoreConnectionResponse>;

/** GET /api/admin/integrations/script-failures: Zid stores whose storefront script is not registered. */
export const ZScriptFailure = z.object({
  store_id: z.string(),
  email: z.string(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  updated_at: z.string(),
});
export const ZScriptFailuresResponse = z.object({ failures: z.array(ZScriptFailure) });
export type TScriptFailuresResponse = z.infer<typeof ZScriptFailuresResponse>;

/** An amount as platforms send it: a number, a numeric string, or Salla's `{amount, currency}`. */
const ZAmount = z.union([
  z.number(),
  z
    .string()
    .regex(/^\s*\d+(\.\d+)?\s*$/)
    .transform(Number),
]);
const ZPlatformMoney = z
  .union([ZAmount, z.object({ amount: ZAmount, currency: z.string().nullable().optional() })])
  .nullable()
  .optional();
/** A count that may come as a string (Salla's List Products shows `quantity: "50"`). */
const ZCount = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\s*-?\d+(\.\d+)?\s*$/)
      .transform(Number),
  ])
  .nullable()
  .optional();

/**
 * One product of the Salla Merchant API (`GET /admin/v2/products`, `GET /admin/v2/products/:id`).
 * `price` is the current price, `sale_price` the discounted one (0 or the price itself when there is no
 * sale) and `regular_price` the undiscounted one; `unlimited_quantity: true` is always in stock.
 */
export const ZSallaProduct = z.object({
  id: ZId,
  name: z.string(),
  url: z.string().nullable().optional(),
  urls: z.object({ customer: z.string().nullable().optional() }).nullable().optional(),
  price: ZPlatformMoney,
  sale_price: ZPlatformMoney,
  regular_price: ZPlatformMoney,
  currency: z.string().nullable().optional(),
  main_image: z.string().nullable().optional(),
  thumbnail: z.string().nullable().optional(),
  images: z
    .array(z.object({ url: z.string().nullable().optional() }))
    .nullable()
    .optional(),
  is_available: z.boolean().nullable().optional(),
  quantity: ZCount,
  unlimited_quantity: z.boolean().nullable().optional(),
  status: z.string().nullable().optional(),
  /**
   * Product Details' options (size, colour, …): one with `required: true` must be chosen on the product
   * page before the product can go into a cart. Read tolerantly: an odd shape means "no known options".
   */
  options: z
    .array(z.object({ required: z.boolean().nullable().optional() }))
    .nullable()
    .optional()
    .catch(null),
});
export type TSallaProduct = z.infer<typeof ZSallaProduct>;

export const ZSallaProductsPage = z.object({
  data: z.array(ZSallaProduct),
  pagination: z
    .object({ currentPage: z.coerce.number().optional(), totalPages: z.coerce.number().optional() })
    .nullable()
    .optional(),
});

export const ZSallaProductAnswer = z.object({ data: ZSallaProduct });

/** Salla's product events: `data` is the product (its id at least). */
export const ZSallaProductEventData = z.object({ id: ZId });

const ZZidImage = z.union([
  z.string(),
  z.object({
    url: z.string().nullable().optional(),
    image: z.record(z.string(), z.string().nullable()).nullable().optional(),
  }),
]);

/** A Zid variant (a child product): only what decides whether the parent can be bought. */
const ZZidVariant = z.object({
  id: ZId.optional(),
  quantity: ZCount,
  is_infinite: z.boolean().nullable().optional(),
  is_draft: z.boolean().nullable().optional(),
  is_published: z.boolean().nullable().optional(),
});

/**
 * One product of the Zid products API (`GET /v1/products/`, `GET /v1/products/:id/`). A parent product
 * (`structure: "parent"`) keeps `quantity: 0` itself; its stock is its `variants` (present on the
 * product's own page, absent from the list).
 */
export const ZZidProduct = z.object({
  id: ZId,
  name: z.union([
    z.string(),
    z.object({ ar: z.string().nullable().optional(), en: z.string().nullable().optional() }),
  ]),
  price: ZAmount.nullable().optional(),
  sale_price: ZAmount.nullable().optional(),
  currency: z.string().nullable().optional(),
  html_url: z.string().nullable().optional(),
  images: z.array(ZZidImage).nullable().optional(),
  quantity: ZCount,
  is_infinite: z.boolean().nullable().optional(),
  is_draft: z.boolean().nullable().optional(),
  is_published: z.boolean().nullable().optional(),
  structure: z.string().nullable().optional(),
  variants: z.array(ZZidVariant).nullable().optional(),
});
export type TZidProduct = z.infer<typeof ZZidProduct>;

export const ZZidProductsPage = z.object({
  count: z.number().optional(),
  next: z.string().nullable().optional(),
  results: z.array(ZZidProduct),
});

/**
 * Zid's product events. Zid posts the product itself (its "Product schema", `store_id` inside) to the
 * URL we registered for the event; our route wraps it as `{event, store_id, data}` from that URL. Older
 * deliveries with `event_name` and the id at the top level are read too.
 */
export const ZZidProductEvent = z.object({
  event_name: z.string().optional(),
  event: z.string().optional(),
  store_id: ZId.optional(),
  id: ZId.optional(),
  data: z.object({ id: ZId, store_id: ZId.nullable().optional() }).optional(),
});
