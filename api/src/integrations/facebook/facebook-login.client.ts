import type { SourceStory } from '../../instagram/instagram.source.js';
import { err, ok, type Result } from '../../lib/result.js';
import {
  HttpInstagramLogin,
  type HttpInstagramLoginOptions,
  type InstagramLoginPort,
  type LoginFailure,
  type LoginProfile,
  type LongLivedToken,
  type ShortLivedGrant,
} from '../../instagram/instagram-login.client.js';
import { ZFacebookAccounts, ZFacebookMe, ZFacebookToken } from './facebook-login.schemas.js';

/**
 * The permissions `GET /{ig-user-id}/stories` needs (IG User Stories reference): a Facebook user token with
 * `instagram_basic`, `instagram_manage_insights`, `pages_read_engagement`, `pages_show_list` (the last to
 * find the Page and its linked account through `/me/accounts`).
 */
export const FACEBOOK_SCOPE =
  'instagram_basic,instagram_manage_insights,pages_show_list,pages_read_engagement';
const ACCOUNT_FIELDS =
  'id,name,instagram_business_account{id,username,name,profile_picture_url,followers_count,follows_count,media_count}';
/** "A long-lived token generally lasts about 60 days": used when an answer leaves `expires_in` out. */
const SIXTY_DAYS_S = 60 * 24 * 3600;
/** How many pages of `/me/accounts` we look through for a linked Instagram account. */
const MAX_ACCOUNT_PAGES = 5;

export interface HttpFacebookLoginOptions extends Omit<HttpInstagramLoginOptions, 'apiUrl'> {
  /** Facebook Login for Business configuration (App Dashboard); without it, the permissions as `scope`. */
  configId?: string | undefined;
}

/**
 * Facebook Login for Business, for the Instagram API with Facebook Login on graph.facebook.com: the
 * documented way to read a business account's stories. The token kept is the long-lived Facebook *user*
 * token (the stories reference asks for one), about 60 days, exchanged again before it expires. Calls,
 * errors and throttling are Instagram Login's (the same Graph error envelope and usage headers).
 */
export class HttpFacebookLogin extends HttpInstagramLogin implements InstagramLoginPort {
  override readonly kind = 'facebook' as const;

  constructor(private readonly fb: HttpFacebookLoginOptions) {
    super({ ...fb, apiUrl: fb.graphUrl });
  }

  override authorizeUrl(input: { redirectUri: string; state: string }): string {
    const url = new URL(this.fb.authorizeUrl);
    url.searchParams.set('client_id', this.fb.appId);
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('state', input.state);
    if (this.fb.configId) url.searchParams.set('config_id', this.fb.configId);
    else url.searchParams.set('scope', FACEBOOK_SCOPE);
    return url.toString();
  }

  override async exchangeCode(
    code: string,
    redirectUri: string,
  ): Promise<Result<ShortLivedGrant, LoginFailure>> {
    const url = new URL(`${this.graphBase}/oauth/access_token`);
    url.searchParams.set('client_id', this.fb.appId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('client_secret', this.fb.appSecret);
    url.searchParams.set('code', code);
    const answer = await this.call(url.toString(), { method: 'GET' }, ZFacebookToken, [code], undefined);
    return answer.ok ? ok({ accessToken: answer.value.access_token }) : answer;
  }

  /** `grant_type=fb_exchange_token`: a short-lived token for a long-lived one. */
  override async exchangeLongLived(token: string): Promise<Result<LongLivedToken, LoginFailure>> {
    const url = new URL(`${this.graphBase}/oauth/access_token`);
    url.searchParams.set('grant_type', 'fb_exchange_token');
    url.searchParams.set('client_id', this.fb.appId);
    url.searchParams.set('client_secret', this.fb.appSecret);
    url.searchParams.set('fb_exchange_token', token);
    const answer = await this.call(url.toString(), { method: 'GET' }, ZFacebookToken, [token], token);
    return answer.ok
      ? ok({
          accessToken: answer.value.access_token,
          expiresInSeconds: answer.value.expires_in ?? SIXTY_DAYS_S,
        })
      : answer;
  }

  /** A still-valid long-lived token is exchanged the same way for a fresh one. */
  override refresh(longLivedToken: string): Promise<Result<LongLivedToken, LoginFailure>> {
    return this.exchangeLongLived(longLivedToken);
  }

  /**
   * The Instagram professional account linked to the first Page the person manages that has one, and
   * every id to match Meta's callbacks on (that account's, and the Facebook user's app-scoped id).
   */
  override async me(token: string): Promise<Result<LoginProfile, LoginFailure>> {
    const who = new URL(`${this.graphBase}/me`);
    who.searchParams.set('fields', 'id,name');
    who.searchParams.set('access_token', token);
    const person = await this.call(who.toString(), { method: 'GET' }, ZFacebookMe, [token], token);
    if (!person.ok) return person;

    const first = new URL(`${this.graphBase}/me/accounts`);
    first.searchParams.set('fields', ACCOUNT_FIELDS);
    first.searchParams.set('access_token', token);
    let next: string | undefined = first.toString();
    for (let pages = 0; next && pages < MAX_ACCOUNT_PAGES; pages++) {
      const page = await this.call(next, { method: 'GET' }, ZFacebookAccounts, [token], token);
      if (!page.ok) return page;
      const linked = page.value.data.find((p) => p.instagram_business_account?.username);
      const account = linked?.instagram_business_account;
      if (account?.username) {
        return ok({
          externalId: account.id,
          ids: [account.id, person.value.id],
          username: account.username,
          name: account.name,
          profilePictureUrl: account.profile_picture_url,
          followersCount: account.followers_count,
          followsCount: account.follows_count,
          mediaCount: account.media_count,
          // The Instagram API with Facebook Login reaches professional accounts only.
          accountType: 'BUSINESS',
        });
      }
      next = this.sameOrigin(page.value.paging?.next);
    }
    return err({
      kind: 'rejected',
      noLinkedInstagram: true,
      message: 'None of the Facebook Pages you manage is linked to an Instagram professional account.',
      detail: 'me/accounts: no page with instagram_business_account',
    });
  }

  /** `GET /{ig-user-id}/stories` with the Facebook user token. */
  override stories(token: string, igUserId?: string): Promise<Result<SourceStory[], LoginFailure>> {
    if (!igUserId || !/^\d+$/.test(igUserId))
      return Promise.resolve(
        err({ kind: 'rejected', message: 'No Instagram account to read.', detail: 'no ig-user-id' }),
      );
    return this.readStories(`${this.graphBase}/${igUserId}/stories`, token);
  }

  /** Posts stay Instagram Login's (or Business Discovery's): this connection reads stories only. */
  override media(): Promise<Result<never, LoginFailure>> {
    return Promise.resolve(
      err({ kind: 'rejected', message: 'Facebook Login reads stories only.', detail: 'media via facebook' }),
    );
  }
}
