import {
  ZApiError,
  ZSettingsConflict,
  ZSettingsSaved,
  type TInstallation,
  type TOnboarding,
  type TStoreSaved,
  type TStoreUpdate,
  type TAccountSaved,
  type TAccountUpdate,
  type TContentHealth,
  type TContentStatus,
  type TRefreshStarted,
  type TInstagramConnection,
  type TInstagramConnectResponse,
  type TLanguage,
  type TMerchant,
  type TSettingsSaved,
  type TStoreConnectionResponse,
  type TStoreLinksResponse,
  type TWidgetInit,
  type TWidgetSettings,
} from '@app/shared';
import {
  instagramContracts as instagram,
  merchantContracts as merchant,
  storeContracts as stores,
  widgetContracts as widget,
} from '@app/shared/contracts';
import { fetchWithAuth } from '../../auth/lib/auth';
import type { TApiFailure, TApiResult } from '../../auth/lib/api-request';
import { createApiClient, type TFetch } from '../../../lib/api-client';

/** The dashboard's calls. `send` is the authorised fetch (tests pass a double). */
export function createMerchantApi(
  send: TFetch = fetchWithAuth,
  publicFetch: TFetch = (input, init) => fetch(input, init),
) {
  const { call, request } = createApiClient(send);
  const publicApi = createApiClient(publicFetch);

  return {
    getMerchant: (): Promise<TApiResult<TMerchant>> => call(merchant.get),

    /** Whether the connection needs reconnecting or the content went stale (the banner). */
    contentHealth: (): Promise<TApiResult<TContentHealth>> => call(merchant.contentHealth),

    getInstagramConnection: (): Promise<TApiResult<TInstagramConnection>> => call(instagram.connection),

    /** The authorize URL of "Connect with Instagram"; the call also sets this browser's cookie. */
    connectInstagram: (): Promise<TApiResult<TInstagramConnectResponse>> =>
      call(instagram.connect, {}, { credentials: 'same-origin' }),

    disconnectInstagram: (): Promise<TApiResult<{ disconnected: boolean }>> => call(instagram.disconnect),

    saveAccount: (input: TAccountUpdate): Promise<TApiResult<TAccountSaved>> =>
      call(merchant.account, { body: input }),

    refreshContent: (): Promise<TApiResult<TRefreshStarted>> => call(merchant.refresh),

    contentStatus: (): Promise<TApiResult<TContentStatus>> => call(merchant.contentStatus),

    saveSettings: (input: { version: number; settings: TWidgetSettings; language?: TLanguage }) =>
      saveSettingsRequest(request(merchant.settings, { body: input })),

    /** Store installs that named this account's e-mail and wait for its owner's confirmation. */
    storeLinks: (): Promise<TApiResult<TStoreLinksResponse>> => call(stores.storeLinks),

    /** The store connection's real state (installed, uninstalled, needing authorisation) for the embed tab. */
    storeConnection: (): Promise<TApiResult<TStoreConnectionResponse>> => call(stores.storeConnection),

    /** "Try again": registers Zid's storefront script now. */
    retryStoreScript: (): Promise<TApiResult<TStoreConnectionResponse>> => call(stores.retryScript),

    /** The store's name and address (the account card and the first onboarding step). */
    saveStore: (input: TStoreUpdate): Promise<TApiResult<TStoreSaved>> =>
      call(merchant.store, { body: input }),

    /** The first-run steps, kept on the server. */
    saveOnboarding: (input: TOnboarding): Promise<TApiResult<TOnboarding>> =>
      call(merchant.onboarding, { body: input }),

    /** Where the widget was seen loading (the embed tab's installation check). */
    installation: (): Promise<TApiResult<TInstallation>> => call(merchant.installation),

    /** Public and cacheable: the same answer a store page gets. */
    widgetInit: (key: string, cacheBust?: string): Promise<TApiResult<TWidgetInit>> =>
      publicApi.call(
        widget.init,
        { query: { key, ...(cacheBust ? { _cb: cacheBust } : {}) } },
        { credentials: 'omit' },
      ),
  };
}

export type TMerchantApi = ReturnType<typeof createMerchantApi>;

export type TSettingsSaveResult =
  | { kind: 'saved'; saved: TSettingsSaved }
  | { kind: 'conflict'; server: TSettingsSaved }
  /** Never reached the server, or the server could not take it now: try again later. */
  | { kind: 'retry'; failure: TApiFailure }
  /** Refused for good (bad settings): the message says why. */
  | { kind: 'rejected'; message: string | undefined };

/** Saving the settings (`merchantContracts.settings`), with the 409 body (the server's copy) read rather than thrown away. */
async function saveSettingsRequest(send: () => Promise<Response>): Promise<TSettingsSaveResult> {
  let response: Response;
  let body: unknown;
  try {
    response = await send();
    const text = await response.text();
    body = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    return { kind: 'retry', failure: { kind: 'network' } };
  }
  if (response.ok) {
    const saved = ZSettingsSaved.safeParse(body);
    return saved.success ? { kind: 'saved', saved: saved.data } : { kind: 'rejected', message: undefined };
  }
  if (response.status === 409) {
    const conflict = ZSettingsConflict.safeParse(body);
    if (conflict.success) return { kind: 'conflict', server: conflict.data.error.details };
  }
  const apiError = ZApiError.safeParse(body);
  const message = apiError.success ? apiError.data.error.message : undefined;
  // Signed out meanwhile, rate limited or a passing server fault: the save stays queued.
  if (
    response.status === 401 ||
    response.status === 408 ||
    response.status === 429 ||
    response.status >= 500
  ) {
    return { kind: 'retry', failure: { kind: 'http', status: response.status, message } };
  }
  return { kind: 'rejected', message };
}
