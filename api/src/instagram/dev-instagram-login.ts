import { randomBytes } from 'node:crypto';
import { demoDigits } from './demo-seed.js';
import { DemoSource } from './demo.source.js';
import type { SourcePost, SourceStory } from './instagram.source.js';
import type { Clock } from '../lib/clock.js';
import { err, ok, type Result } from '../lib/result.js';
import { parseInstagramUsername } from '@app/shared';
import type {
  InstagramLoginPort,
  LoginFailure,
  LoginProfile,
  LongLivedToken,
  ShortLivedGrant,
} from './instagram-login.client.js';

const HOUR = 3_600_000;
/** A simulated account posts a story in each of these windows of the day, so the archive fills over time. */
const STORY_SLOT_MS = 6 * HOUR;
const SIXTY_DAYS_S = 60 * 24 * 3600;

const invalidToken = (): LoginFailure => ({
  kind: 'invalid_token',
  code: 190,
  message: 'Instagram no longer accepts this connection. Reconnect the account from the dashboard.',
  detail: 'dev: token revoked on the dev consent page',
});

/**
 * Instagram Login on a machine without INSTAGRAM_APP_ID/SECRET (never in production): the authorize window
 * is the dev consent page (`/dev/instagram/authorize`, loopback only), where the tester picks a demo
 * account; its content is the demo source's, and its stories appear a few a day.
 */
export class DevInstagramLogin implements InstagramLoginPort {
  readonly kind = 'dev' as const;
  private readonly demo: DemoSource;
  /** Usernames whose tokens the dev page revoked (this process only, like a revoked app on Instagram). */
  private readonly revoked = new Set<string>();

  constructor(
    private readonly options: {
      appUrl: string;
      clock: Clock;
      /** The dev consent page standing in for the login window; Instagram's unless told (Facebook's). */
      consentPath?: string;
    },
  ) {
    this.demo = new DemoSource({ clock: options.clock });
  }

  authorizeUrl(input: { redirectUri: string; state: string }): string {
    const url = new URL(this.options.consentPath ?? '/dev/instagram/authorize', this.options.appUrl);
    url.searchParams.set('client_id', 'dev');
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', 'instagram_business_basic');
    url.searchParams.set('state', input.state);
    return url.toString();
  }

  /** The code the consent page hands back for a picked account. */
  static codeFor(username: string): string {
    return `devcode:${username}`;
  }

  revoke(username: string): void {
    this.revoked.add(username);
  }

  exchangeCode(code: string): Promise<Result<ShortLivedGrant, LoginFailure>> {
    const username = parseInstagramUsername(code.replace(/^devcode:/, ''));
    if (!code.startsWith('devcode:') || username === undefined)
      return Promise.resolve(
        err({ kind: 'rejected', message: 'This code is not valid.', detail: 'dev: bad code' }),
      );
    this.revoked.delete(username);
    return Promise.resolve(ok({ accessToken: `devshort:${username}` }));
  }

  exchangeLongLived(shortLivedToken: string): Promise<Result<LongLivedToken, LoginFailure>> {
    const username = this.usernameOf(shortLivedToken, 'devshort');
    if (!username) return Promise.resolve(err(invalidToken()));
    return Promise.resolve(ok(this.issue(username)));
  }

  refresh(longLivedToken: string): Promise<Result<LongLivedToken, LoginFailure>> {
    const username = this.usernameOf(longLivedToken, 'devig');
    if (!username) return Promise.resolve(err(invalidToken()));
    return Promise.resolve(ok(this.issue(username)));
  }

  async me(token: string): Promise<Result<LoginProfile, LoginFailure>> {
    const username = this.usernameOf(token, 'devig');
    if (!username) return err(invalidToken());
    // personal_… stands for a personal account: Instagram Login lets it through, we refuse it.
    const personal = username.startsWith('personal_');
    const found = await this.demo.lookupAccount(
      personal ? username.replace(/^personal_/, 'shop_') : username,
    );
    if (!found.ok) return err({ kind: 'rejected', message: found.error.message, detail: found.error.detail });
    return ok({
      ...found.value,
      username,
      accountType: personal ? 'PERSONAL' : 'BUSINESS',
      ids: [found.value.externalId],
    });
  }

  async media(token: string, limit: number): Promise<Result<SourcePost[], LoginFailure>> {
    const username = this.usernameOf(token, 'devig');
    if (!username) return err(invalidToken());
    const content = await this.demo.fetchContent(username, { limit, includeHighlights: false });
    if (!content.ok)
      return err({ kind: 'unavailable', message: content.error.message, detail: content.error.detail });
    return ok(content.value.posts);
  }

  stories(token: string): Promise<Result<SourceStory[], LoginFailure>> {
    const username = this.usernameOf(token, 'devig');
    if (!username) return Promise.resolve(err(invalidToken()));
    return Promise.resolve(ok(demoStories(username, this.options.clock.now())));
  }

  private issue(username: string): LongLivedToken {
    return {
      accessToken: `devig:${username}:${randomBytes(6).toString('hex')}`,
      expiresInSeconds: SIXTY_DAYS_S,
    };
  }

  private usernameOf(token: string, prefix: string): string | undefined {
    const [kind, username] = token.split(':');
    if (kind !== prefix || !username || this.revoked.has(username)) return undefined;
    return parseInstagramUsername(username);
  }
}

/**
 * The stories a demo account has up right now (the last 24 h): one per 6-hour window, at a fixed minute
 * of it, every third one a video. The same account and time always give the same stories.
 */
export function demoStories(username: string, now: Date): SourceStory[] {
  const stories: SourceStory[] = [];
  const currentSlot = Math.floor(now.getTime() / STORY_SLOT_MS);
  for (let slot = currentSlot - 4; slot <= currentSlot; slot++) {
    const offset = Number(demoDigits(4, username, 'story-offset', String(slot))) % (STORY_SLOT_MS / 60_000);
    const takenAt = slot * STORY_SLOT_MS + offset * 60_000;
    if (takenAt > now.getTime() || takenAt <= now.getTime() - 24 * HOUR) continue;
    const id = `32${demoDigits(15, username, 'live-story', String(slot))}`;
    const video = slot % 3 === 0;
    stories.push({
      id,
      mediaType: video ? 'VIDEO' : 'IMAGE',
      mediaUrl: video ? `demo://video/${username}/${id}` : `demo://image/${username}/${id}?w=1080&h=1920`,
      thumbnailUrl: video ? `demo://image/${username}/${id}?w=1080&h=1920` : undefined,
      timestamp: new Date(takenAt).toISOString(),
      ...(video ? { durationSeconds: 2 } : {}),
    });
  }
  return stories.reverse();
}
