import { ZZidProfile, ZZidStoreWebhooks, ZZidTokenResponse } from '@app/shared';
import { err, ok, type Result } from '../../lib/result.js';
import { callJson, httpFailure, type FetchLike, type PlatformTokens } from '../platform-http.js';

export interface ZidTokens extends PlatformTokens {
  /** Goes in `Authorization: Bearer`; `accessToken` is the X-Manager-Token. */
  authorization: string;
}

/** The store events we subscribe each store to, so linked copies follow product changes. */
export const ZID_PRODUCT_WEBHOOK_EVENTS = ['product.update', 'product.publish', 'product.delete'] as const;

/** Why a storefront script was not registered: `refused` is Zid saying no (no approval), not a fault. */
export type ScriptFailure = { kind: 'refused' | 'failed'; message: string };

type ManagerTokens = Pick<ZidTokens, 'accessToken' | 'authorization'>;

export class ZidClient {
  constructor(
    private readonly options: {
      oauthUrl: string;
      apiUrl: string;
      clientId?: string | undefined;
      clientSecret?: string | undefined;
      fetch: FetchLike;
      timeoutMs?: number;
    },
  ) {}

  get configured(): boolean {
    return Boolean(this.options.clientId && this.options.clientSecret);
  }

  authorizeUrl(redirectUri: string, state: string): string {
    const url = new URL(`${this.options.oauthUrl}/oauth/authorize`);
    url.search = new URLSearchParams({
      client_id: this.options.clientId ?? '',
      redirect_uri: redirectUri,
      response_type: 'code',
      state,
    }).toString();
    return url.toString();
  }

  private async token(form: Record<string, string>, now: Date): Promise<Result<ZidTokens, string>> {
    const answer = await callJson(
      this.options.fetch,
      `${this.options.oauthUrl}/oauth/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          ...form,
          client_id: this.options.clientId ?? '',
          client_secret: this.options.clientSecret ?? '',
        }).toString(),
      },
      ZZidTokenResponse,
      this.options.timeoutMs ?? 10_000,
    );
    if (!answer.ok) return answer;
    return ok({
      accessToken: answer.value.access_token,
      authorization: answer.value.authorization,
      refreshToken: answer.value.refresh_token,
      expiresAt: new Date(now.getTime() + answer.value.expires_in * 1000),
    });
  }

  exchangeCode(code: string, redirectUri: string, now: Date) {
    return this.token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }, now);
  }

  /** Zid's SDK and docs send the app's `redirect_uri` with a refresh too. */
  refresh(refreshToken: string, now: Date, redirectUri?: string) {
    return this.token(
      {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        ...(redirectUri ? { redirect_uri: redirectUri } : {}),
      },
      now,
    );
  }

  private headers(tokens: ManagerTokens) {
    return {
      authorization: `Bearer ${tokens.authorization}`,
      'x-manager-token': tokens.accessToken,
      accept: 'application/json',
      'accept-language': 'ar',
    };
  }

  profile(tokens: ManagerTokens) {
    return callJson(
      this.options.fetch,
      `${this.options.apiUrl}/managers/account/profile`,
      { headers: this.headers(tokens) },
      ZZidProfile,
      this.options.timeoutMs ?? 10_000,
    );
  }

  /**
   * Registers the storefront script that loads our widget for this store. A 403 (or a 4xx naming the
   * missing approval) is Zid refusing the app scripts for this app: retrying cannot help.
   */
  async registerScript(tokens: ManagerTokens, scriptUrl: string): Promise<Result<true, ScriptFailure>> {
    const url = `${this.options.apiUrl}/managers/app-scripts`;
    let res: Response;
    try {
      res = await this.options.fetch(url, {
        method: 'POST',
        headers: { ...this.headers(tokens), 'content-type': 'application/json' },
        body: JSON.stringify({ url: scriptUrl }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch {
      return err({ kind: 'failed', message: 'Zid did not answer the app-scripts call' });
    }
    if (res.ok) return ok(true);
    const text = (await res.text().catch(() => '')).slice(0, 200);
    const refused = res.status === 403 || (res.status >= 400 && res.status < 500 && /approv/i.test(text));
    return err({
      kind: refused ? 'refused' : 'failed',
      message: refused
        ? `Zid refused the storefront script (HTTP ${res.status}): the app is not approved for app scripts. ${text}`.trim()
        : `Zid answered HTTP ${res.status} to the app-scripts call`,
    });
  }

  /**
   * Subscribes the store to our product webhooks (`POST /v1/managers/webhooks {event, target_url,
   * original_id, subscriber}`, as Zid's Python SDK and docs show), skipping events already subscribed.
   */
  async registerProductWebhooks(
    tokens: ManagerTokens,
    targetUrlOf: (event: string) => string,
    originalId: string,
  ): Promise<Result<{ created: string[] }, string>> {
    const url = `${this.options.apiUrl}/managers/webhooks`;
    const existing = await callJson(
      this.options.fetch,
      url,
      { headers: this.headers(tokens) },
      ZZidStoreWebhooks,
      this.options.timeoutMs ?? 10_000,
    );
    if (!existing.ok) return err(`listing webhooks: ${existing.error}`);
    const have = new Set(existing.value.data.map((w) => `${w.event} ${w.target_url}`));
    const created: string[] = [];
    for (const event of ZID_PRODUCT_WEBHOOK_EVENTS) {
      const target = targetUrlOf(event);
      if (have.has(`${event} ${target}`)) continue;
      let res: Response;
      try {
        res = await this.options.fetch(url, {
          method: 'POST',
          headers: { ...this.headers(tokens), 'content-type': 'application/json' },
          body: JSON.stringify({ event, target_url: target, original_id: originalId, subscriber: 'Lamha' }),
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
        });
      } catch {
        return err(`Zid did not answer the webhooks call for ${event}`);
      }
      if (!res.ok) return err(`creating the ${event} webhook: ${httpFailure(url, res)}`);
      created.push(event);
    }
    return ok({ created });
  }

  /** Removes the store's webhooks we created (`DELETE /v1/managers/webhooks?original_id=`). */
  async deleteProductWebhooks(tokens: ManagerTokens, originalId: string): Promise<Result<true, string>> {
    const url = `${this.options.apiUrl}/managers/webhooks?original_id=${encodeURIComponent(originalId)}`;
    try {
      const res = await this.options.fetch(url, {
        method: 'DELETE',
        headers: this.headers(tokens),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      return res.ok || res.status === 404 ? ok(true) : err(httpFailure(url, res));
    } catch {
      return err('Zid did not answer the webhooks call');
    }
  }
}
