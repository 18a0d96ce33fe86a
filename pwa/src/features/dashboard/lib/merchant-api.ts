import { z } from 'zod';
import {
  ZAccountSaved,
  ZApiError,
  ZContentStatus,
  ZRefreshStarted,
  ZMerchant,
  ZSettingsConflict,
  ZSettingsSaved,
  ZStoreConnectionResponse,
  ZStoreLinksResponse,
  ZWidgetInit,
  ZContentHealth,
  ZInstagramConnection,
  ZInstagramConnectResponse,
  ZInstallation,
  ZOnboarding,
  ZStoreSaved,
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
import { fetchWithAuth } from '../../auth/lib/auth';
import { JSON_HEADERS, requestJson, type TApiFailure, type TApiResult } from '../../auth/lib/api-request';

export type TFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** The dashboard's calls. `send` is the authorised fetch (tests pass a double). */
export function createMerchantApi(
  send: TFetch = fetchWithAuth,
  publicFetch: TFetch = (input, init) => fetch(input, init),
) {
  const json = (method: string, body: unknown): RequestInit => ({
    method,
    headers: JSON_HEADERS,
    body: JSON.stringify(body),
  });

  return {
    getMerchant: (): Promise<TApiResult<TMerchant>> => requestJson(() => send('/api/merchant'), ZMerchant),

    /** Whether the connection needs reconnecting or the content went stale (the banner). */
    contentHealth: (): Promise<TApiResult<TContentHealth>> =>
      requestJson(() => send('/api/merchant/content-health'), ZContentHealth),

    getInstagramConnection: (): Promise<TApiResult<TInstagramConnection>> =>
      requestJson(() => send('/api/instagram/connection'), ZInstagramConnection),

    /** The authorize URL of "Connect with Instagram"; the call also sets this browser's cookie. */
    connectInstagram: (): Promise<TApiResult<TInstagramConnectResponse>> =>
      requestJson(
        () =>
          send('/api/instagram/connect', {
            method: 'POST',
            headers: JSON_HEADERS,
            credentials: 'same-origin',
          }),
        ZInstagramConnectResponse,
      ),

    disconnectInstagram: (): Promise<TApiResult<{ disconnected: boolean }>> =>
      requestJson(
        () => send('/api/instagram/connection', { method: 'DELETE', headers: JSON_HEADERS }),
        z.object({ disconnected: z.boolean() }),
      ),

    saveAccount: (input: TAccountUpdate): Promise<TApiResult<TAccountSaved>> =>
      requestJson(() => send('/api/merchant/account', json('PUT', input)), ZAccountSaved),

    refreshContent: (): Promise<TApiResult<TRefreshStarted>> =>
      requestJson(
        () => send('/api/merchant/refresh', { method: 'POST', headers: JSON_HEADERS }),
        ZRefreshStarted,
      ),

    contentStatus: (): Promise<TApiResult<TContentStatus>> =>
      requestJson(() => send('/api/merchant/content-status'), ZContentStatus),

    saveSettings: (input: { version: number; settings: TWidgetSettings; language?: TLanguage }) =>
      saveSettingsRequest(() => send('/api/merchant/settings', json('PUT', input))),

    /** Store installs that named this account's e-mail and wait for its owner's confirmation. */
    storeLinks: (): Promise<TApiResult<TStoreLinksResponse>> =>
      requestJson(() => send('/api/merchant/store-links'), ZStoreLinksResponse),

    /** The store connection's real state (installed, uninstalled, needing authorisation) for the embed tab. */
    storeConnection: (): Promise<TApiResult<TStoreConnectionResponse>> =>
      requestJson(() => send('/api/merchant/store-connection'), ZStoreConnectionResponse),

    /** "Try again": registers Zid's storefront script now. */
    retryStoreScript: (): Promise<TApiResult<TStoreConnectionResponse>> =>
      requestJson(
        () => send('/api/merchant/store-connection/script/retry', { method: 'POST', headers: JSON_HEADERS }),
        ZStoreConnectionResponse,
      ),

    /** The store's name and address (the account card and the first onboarding step). */
    saveStore: (input: TStoreUpdate): Promise<TApiResult<TStoreSaved>> =>
      requestJson(() => send('/api/merchant/store', json('PUT', input)), ZStoreSaved),

    /** The first-run steps, kept on the server. */
    saveOnboarding: (input: TOnboarding): Promise<TApiResult<TOnboarding>> =>
      requestJson(() => send('/api/merchant/onboarding', json('PUT', input)), ZOnboarding),

    /** Where the widget was seen loading (the embed tab's installation check). */
    installation: (): Promise<TApiResult<TInstallation>> =>
      requestJson(() => send('/api/merchant/installation'), ZInstallation),

    /** Public and cacheable: the same answer a store page gets. */
    widgetInit: (key: string, cacheBust?: string): Promise<TApiResult<TWidgetInit>> => {
      const query = new URLSearchParams({ key });
      if (cacheBust) query.set('_cb', cacheBust);
      return requestJson(
        () => publicFetch(`/api/widget/init?${query.toString()}`, { credentials: 'omit' }),
        ZWidgetInit,
      );
    },
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

/** PUT /api/merchant/settings, with the 409 body (the server's copy) read rather than thrown away. */
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
