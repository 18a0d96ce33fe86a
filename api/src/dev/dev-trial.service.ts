import type { TDevTrialEnd } from '@app/shared';
import type { SnapshotService } from '../content/snapshot.service.js';
import type { UsersRepository } from '../users/users.repository.js';

/**
 * Development only (the route is never mounted in production): moves a merchant's trial end, so browser
 * tests see the countdown, the grace period and an expired plan as a merchant would days later. The
 * snapshot is rebuilt as a real change of plan rebuilds it (an expired plan hides the widget).
 */
export class DevTrialService {
  constructor(
    private readonly deps: {
      users: Pick<UsersRepository, 'findByEmail' | 'update'>;
      snapshots: Pick<SnapshotService, 'rebuild'>;
    },
  ) {}

  /** The merchant's new trial end, or undefined when no merchant has that e-mail. */
  async setTrialEnd(input: TDevTrialEnd): Promise<Date | undefined> {
    const user = await this.deps.users.findByEmail(input.email);
    if (!user) return undefined;
    const trialEndsAt = new Date(input.trial_ends_at);
    await this.deps.users.update(user.id, { trialEndsAt });
    await this.deps.snapshots.rebuild(user.id);
    return trialEndsAt;
  }
}
