import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { PlatformConnectionsRepository } from '../platform-connections.repository.js';
import type { SallaClient } from './salla.client.js';

/** Tokens are renewed when they expire within this window. */
export const TOKEN_RENEW_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

export interface SallaTokensDeps {
  connections: PlatformConnectionsRepository;
  salla: SallaClient;
  box: SecretBox;
  clock: Clock;
  logger: Logger;
}

/** Keeps Salla's access tokens alive (cron): a lapsed refresh token cannot be recovered. */
export class SallaTokens {
  constructor(private readonly deps: SallaTokensDeps) {}

  /** Renews Salla tokens that expire soon, one merchant at a time under its row lock. */
  async renewExpiring(): Promise<{ renewed: number; failed: number }> {
    const { connections, clock, box } = this.deps;
    const now = clock.now();
    let renewed = 0;
    let failed = 0;
    for (const storeId of await connections.dueForTokenRefresh(
      'salla',
      new Date(now.getTime() + TOKEN_RENEW_WINDOW_MS),
    )) {
      const outcome = await connections
        .withConnectionLock('salla', storeId, async (row, save) => {
          // Renewed by another worker while we waited: nothing to do.
          if (
            !row.refreshTokenEnc ||
            (row.tokenExpiresAt && row.tokenExpiresAt.getTime() > now.getTime() + TOKEN_RENEW_WINDOW_MS)
          )
            return 'skipped';
          const fresh = await this.deps.salla.refresh(box.open(row.refreshTokenEnc), now);
          if (!fresh.ok) throw new Error(fresh.error);
          // Both new tokens are saved before the lock is released: the old refresh token is now spent.
          await save({
            accessTokenEnc: box.seal(fresh.value.accessToken),
            refreshTokenEnc: box.seal(fresh.value.refreshToken),
            tokenExpiresAt: fresh.value.expiresAt,
          });
          return 'renewed';
        })
        .catch((error: unknown) => {
          this.deps.logger.error({ err: error, storeId }, 'Salla token renewal failed');
          return 'failed' as const;
        });
      if (outcome === 'renewed') renewed++;
      if (outcome === 'failed') failed++;
    }
    return { renewed, failed };
  }
}
