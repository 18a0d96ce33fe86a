import type { UsersRepository } from '../users/users.repository.js';
import type {
  ConnectionRow,
  Platform,
  PlatformConnectionsRepository,
} from './platform-connections.repository.js';

// Apart from onboarding: the Zid upkeep applies what Zid reports too, and onboarding registers a Zid
// store through the upkeep, so both import this instead of each other.

/**
 * The account's store name and URL follow the platform: a value the platform reports for the first
 * time, or changes, is written to the account; one it keeps reporting unchanged leaves the merchant's
 * own edit alone.
 */
export async function applyStoreDetails(
  deps: {
    users: Pick<UsersRepository, 'update'>;
    connections: Pick<PlatformConnectionsRepository, 'update'>;
  },
  platform: Platform,
  row: Pick<ConnectionRow, 'userId' | 'storeId' | 'platformStoreName' | 'platformStoreUrl'>,
  details: { name: string | null; url: string | null },
): Promise<void> {
  const patch: { businessName?: string; storeUrl?: string } = {};
  if (details.name && details.name !== row.platformStoreName) patch.businessName = details.name;
  if (details.url && details.url !== row.platformStoreUrl) patch.storeUrl = details.url;
  if (Object.keys(patch).length === 0) return;
  await deps.users.update(row.userId, patch);
  await deps.connections.update(platform, row.storeId, {
    platformStoreName: details.name ?? row.platformStoreName,
    platformStoreUrl: details.url ?? row.platformStoreUrl,
  });
}
