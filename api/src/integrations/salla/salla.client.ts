import { ZSallaTokenResponse, ZSallaUserInfo, type TSallaUserInfo } from '@app/shared';
import { err, ok, type Result } from '../../lib/result.js';
import { callJson, type FetchLike, type PlatformTokens } from '../platform-http.js';

/** Salla's `expires` is absolute Unix seconds; some answers give `expires_in` instead. */
export function sallaExpiry(
  t: { expires?: number | undefined; expires_in?: number | undefined },
  now: Date,
): Date {
  if (t.expires) return new Date(t.expires * 1000);
  return new Date(now.getTime() + (t.expires_in ?? 14 * 86_400) * 1000);
}

export class SallaClient {
  constructor(
    private readonly options: {
      accountsUrl: string;
      clientId?: string | undefined;
      clientSecret?: string | undefined;
      fetch: FetchLike;
      timeoutMs?: number;
    },
  ) {}

  userInfo(accessToken: string): Promise<Result<TSallaUserInfo, string>> {
    return callJson(
      this.options.fetch,
      `${this.options.accountsUrl}/oauth2/user/info`,
      { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
      ZSallaUserInfo,
      this.options.timeoutMs ?? 10_000,
    );
  }

  async refresh(refreshToken: string, now: Date): Promise<Result<PlatformTokens, string>> {
    if (!this.options.clientId || !this.options.clientSecret)
      return err('SALLA_CLIENT_ID and SALLA_CLIENT_SECRET are not configured');
    const answer = await callJson(
      this.options.fetch,
      `${this.options.accountsUrl}/oauth2/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: this.options.clientId,
          client_secret: this.options.clientSecret,
        }).toString(),
      },
      ZSallaTokenResponse,
      this.options.timeoutMs ?? 10_000,
    );
    if (!answer.ok) return answer;
    return ok({
      accessToken: answer.value.access_token,
      refreshToken: answer.value.refresh_token,
      expiresAt: sallaExpiry(answer.value, now),
    });
  }
}
