import { startFakeCatalogues } from '../../api/src/testing/fake-catalogues.js';
import { startFakeSalla, startFakeZid } from '../../api/src/testing/fake-platforms.js';
import { startFakeFacebook } from '../../api/src/testing/fake-facebook.js';

/**
 * The Salla and Zid the e2e run's one app talks to (fakes from api/src/testing), with every store the test
 * files install: the app is started once per run, so its platform addresses and the accounts behind them
 * are fixed before the first file runs. Each store belongs to one test file.
 */
export const SALLA_WEBHOOK_SECRET = 'e2e-salla-webhook-secret';

/** salla-storefront.test.ts: a merchant who installs the app on her Salla store. */
export const SALLA_STOREFRONT = {
  accessToken: 'e2e-salla-access',
  email: 'noura@salla-store.sa',
  storeId: 771122,
} as const;

/**
 * salla-cart.test.ts: a Salla merchant whose products go into the store's cart from the widget; the
 * Merchant API's product list (a stand-in) has one product in stock, one the storefront will refuse, and
 * one with a required option (chosen on its product page).
 */
export const SALLA_CART = {
  accessToken: 'e2e-salla-cart-access',
  email: 'reem@salla-cart.sa',
  storeId: 771133,
  productId: '5501',
  soldOutId: '5502',
  optionsId: '5503',
} as const;

/** store-takeover.test.ts: someone installs the app on their stores with an existing merchant's e-mail. */
export const TAKEOVER = {
  victim: 'owner@victim-shop.sa',
  sallaAccessToken: 'mallory-salla',
  sallaStoreId: 990022,
  zidStoreId: '990011',
  zidStoreUrl: 'https://mallory.zid.store/',
} as const;

/** admin-area.test.ts signs in with this address, one of the run's two admins. */
export const ADMIN_EMAIL = 'boss@shop.sa';
/**
 * accessibility.test.ts's admin: its own address, because one address gets one sign-in link a minute and the
 * two files may sign in within the same minute.
 */
export const A11Y_ADMIN_EMAIL = 'auditor@shop.sa';

/**
 * facebook-stories.test.ts: the merchant's Instagram account linked to her Facebook Page, with stories up.
 * The stand-in for Facebook consents as this person at once.
 */
export const FACEBOOK_STORIES = {
  code: 'e2e-facebook-code',
  fbUserId: '10158391938597777',
  pageId: '134895793797777',
  igUserId: '17841405822307777',
  username: 'fb_e2e_shop',
  stories: 3,
} as const;

/** Starts the fakes (Salla, Zid, Facebook Login and Graph); `env` points the app at them. */
export async function startPlatformFakes(): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const salla = await startFakeSalla({
    users: {
      [SALLA_STOREFRONT.accessToken]: {
        email: SALLA_STOREFRONT.email,
        name: 'Noura',
        merchantId: SALLA_STOREFRONT.storeId,
        domain: 'https://noura.salla.sa',
      },
      [SALLA_CART.accessToken]: {
        email: SALLA_CART.email,
        name: 'Reem',
        merchantId: SALLA_CART.storeId,
        domain: 'https://reem.salla.sa',
      },
      [TAKEOVER.sallaAccessToken]: {
        email: TAKEOVER.victim,
        name: 'Mallory',
        merchantId: TAKEOVER.sallaStoreId,
        domain: 'https://m.salla.sa',
      },
    },
  });
  // Salla's Merchant API products of the add-to-cart store (only that store's token is answered).
  const catalogues = await startFakeCatalogues({
    sallaToken: SALLA_CART.accessToken,
    zid: { authorization: 'unused', manager: 'unused' },
  });
  for (const [id, name] of [
    [SALLA_CART.productId, 'عباية كتان'],
    [SALLA_CART.soldOutId, 'شال حرير'],
    [SALLA_CART.optionsId, 'فستان سهرة'],
  ] as const)
    catalogues.state.salla.set(id, {
      id,
      name,
      price: 199,
      salePrice: null,
      url: `https://reem.salla.sa/p/${id}`,
      imageUrl: null,
      quantity: 5,
      requiredOption: id === SALLA_CART.optionsId,
    });
  const zid = await startFakeZid({
    email: TAKEOVER.victim,
    storeId: TAKEOVER.zidStoreId,
    storeUrl: TAKEOVER.zidStoreUrl,
  }).catch(async (error: unknown) => {
    await Promise.all([salla.close(), catalogues.close()]);
    throw error;
  });
  // Story media as `demo://` URLs the app draws itself (it fetches no loopback CDN); the shapes are Meta's.
  const facebook = await startFakeFacebook({
    accounts: [
      {
        code: FACEBOOK_STORIES.code,
        fbUserId: FACEBOOK_STORIES.fbUserId,
        pageId: FACEBOOK_STORIES.pageId,
        instagram: {
          id: FACEBOOK_STORIES.igUserId,
          username: FACEBOOK_STORIES.username,
          stories: FACEBOOK_STORIES.stories,
        },
      },
    ],
    media: 'demo',
  }).catch(async (error: unknown) => {
    await Promise.all([salla.close(), zid.close(), catalogues.close()]);
    throw error;
  });
  return {
    env: {
      SALLA_WEBHOOK_SECRET,
      SALLA_ACCOUNTS_URL: salla.url,
      SALLA_API_URL: catalogues.sallaApiUrl,
      ZID_CLIENT_ID: 'zid-client',
      ZID_CLIENT_SECRET: 'zid-client-secret',
      ZID_OAUTH_URL: zid.url,
      ZID_API_URL: `${zid.url}/v1`,
      ...facebook.env,
    },
    close: async () => {
      await Promise.all([salla.close(), zid.close(), facebook.close(), catalogues.close()]);
    },
  };
}
