import { ZZidProfile, ZZidTokenResponse } from '@app/shared';
import { err, ok, type Result } from '../../lib/result.js';
import { callJson, type FetchLike, type PlatformTokens } from '../platform-http.js';

export interface ZidTokens extends PlatformTokens {
  /** Goes in `Authorization: Bearer`; `accessToken` is the X-Manager-Token. */
  authorization: string;
}

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

  refresh(refreshToken: string, now: Date) {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken }, now);
  }

  private headers(tokens: Pick<ZidTokens, 'accessToken' | 'authorization'>) {
    return {
      authorization: `Bearer ${tokens.authorization}`,
      'x-manager-token': tokens.accessToken,
      accept: 'application/json',
      'accept-language': 'ar',
    };
  }

  profile(tokens: Pick<ZidTokens, 'accessToken' | 'authorization'>) {
    return callJson(
      this.options.fetch,
      `${this.options.apiUrl}/managers/account/profile`,
      { headers: this.headers(tokens) },
      ZZidProfile,
      this.options.timeoutMs ?? 10_000,
    );
  }

  /** Registers the storefront script that loads our widget for this store. */
  async registerScript(
    tokens: Pick<ZidTokens, 'accessToken' | 'authorization'>,
    scriptUrl: string,
  ): Promise<Result<true, string>> {
    let res: Response;
    try {
      res = await this.options.fetch(`${this.options.apiUrl}/managers/app-scripts`, {
        method: 'POST',
        headers: { ...this.headers(tokens), 'content-type': 'application/json' },
        body: JSON.stringify({ url: scriptUrl }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch {
      return err('Zid did not answer the app-scripts call');
    }
    return res.ok ? ok(true) : err(`Zid answered HTTP ${res.status} to the app-scripts call`);
  }
}
