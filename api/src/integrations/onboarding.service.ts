import type { TLanguage } from '@app/shared';
import type { AuthService } from '../auth/auth.service.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { TRIAL_MS } from '../subscriptions/plan.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { Platform } from './platform-connections.repository.js';

export interface OnboardingDeps {
  users: UsersRepository;
  auth: Pick<AuthService, 'sendWelcome'>;
  clock: Clock;
  logger: Logger;
}

/** What a store platform tells us about the merchant installing our app. */
export interface OnboardingInput {
  platform: Platform;
  email: string;
  businessName: string | null;
  storeUrl: string | null;
  language?: TLanguage;
}

const PLATFORM_NAMES = { salla: 'Salla', zid: 'Zid' } as const satisfies Record<Platform, string>;

/**
 * The one place a store platform's install becomes a Lamha account, for every platform: the account is
 * created or linked here and nowhere else.
 */
export class MerchantOnboarding {
  constructor(private readonly deps: OnboardingDeps) {}

  /**
   * Creates or links the merchant's account by e-mail: the store platform, its URL, a trial for a new
   * account, the password set-up flag, and a welcome e-mail with a sign-in link. Returns the user id.
   */
  async onboard(input: OnboardingInput): Promise<string> {
    const { users, clock } = this.deps;
    const now = clock.now();
    const { user, created } = await users.findOrCreate({
      email: input.email,
      storePlatform: input.platform,
      storeUrl: input.storeUrl,
      businessName: input.businessName,
      needsPasswordSetup: true,
      trialEndsAt: new Date(now.getTime() + TRIAL_MS),
    });
    if (!created) {
      await users.update(user.id, {
        storePlatform: input.platform,
        storeUrl: input.storeUrl ?? user.storeUrl,
        businessName: user.businessName ?? input.businessName,
        needsPasswordSetup: user.passwordHash ? false : true,
      });
    }
    try {
      await this.deps.auth.sendWelcome(user.email, user.language, PLATFORM_NAMES[input.platform]);
    } catch (error) {
      // The install must not fail because mail did: the merchant can still ask for a link on /login.
      this.deps.logger.error({ err: error, userId: user.id }, 'welcome e-mail failed');
    }
    return user.id;
  }
}
