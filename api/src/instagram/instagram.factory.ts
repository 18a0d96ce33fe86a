import type { SnapshotService } from '../content/snapshot.service.js';
import type { InstagramAccountsRepository } from '../content/instagram-accounts.repository.js';
import type { SecretBox } from '../lib/secret-box.js';
import { instagramBudget } from '../metrics/metrics.js';
import type { ServiceOverrides } from '../overrides.js';
import type { Runtime } from '../runtime.js';
import type { StoriesRepository } from '../stories/stories.repository.js';
import { InstagramConnect } from './instagram-connect.service.js';
import type { InstagramConnectionsRepository } from './instagram-connections.repository.js';
import type { InstagramSource } from './instagram.source.js';
import {
  createFacebookLogin,
  createInstagramLogin,
  createInstagramSource,
  SelectingSource,
} from './source.js';

/**
 * Instagram: the logins merchants connect (Instagram Login, and Facebook Login for Business for stories),
 * their connect flows, and the source every refresh reads through. Instagram Login (or its dev stand-in)
 * serves merchants who connected their own account; the fallback source reads everyone else by username.
 * instagram/source.ts decides per account.
 */
export function createInstagram(
  runtime: Runtime,
  overrides: ServiceOverrides,
  deps: {
    /** Every outside call is logged with the request id of the request or cron tick that made it. */
    fetch: typeof fetch;
    accounts: InstagramAccountsRepository;
    instagramConnections: InstagramConnectionsRepository;
    facebookConnections: InstagramConnectionsRepository;
    stories: Pick<StoriesRepository, 'markPollDue'>;
    snapshots: SnapshotService;
    box: SecretBox;
    onAccountDue: () => void;
  },
) {
  const { env, clock, cache } = runtime;
  const instagramLogin = createInstagramLogin(env, { clock, fetch: deps.fetch });
  // Facebook Login for Business: the documented source of stories (without FACEBOOK_APP_ID in
  // production, none: nothing changes).
  const facebookLogin = createFacebookLogin(env, { clock, fetch: deps.fetch });
  const fallbackSource: InstagramSource =
    overrides.source ?? createInstagramSource(env, { clock, cache, fetch: deps.fetch });
  instagramBudget.set(env.IG_CALLS_PER_HOUR);
  if (fallbackSource.name === 'none')
    runtime.logger.warn(
      'connecting by username is off: production without IG_GRAPH_TOKEN and IG_GRAPH_USER_ID (Business Discovery); set them, or DEMO_CONTENT=true to serve sample content on purpose',
    );
  const logger = runtime.logger.child({ component: 'integrations' });
  const instagramConnect = new InstagramConnect({
    connections: deps.instagramConnections,
    accounts: deps.accounts,
    snapshots: deps.snapshots,
    login: instagramLogin,
    box: deps.box,
    cache,
    clock,
    logger,
    onAccountDue: deps.onAccountDue,
    fallbackIsDemo: fallbackSource.name === 'demo',
    usernameAvailable: fallbackSource.name !== 'none',
    config: {
      appUrl: env.APP_URL,
      authSecret: runtime.authSecret,
      appSecret: env.INSTAGRAM_APP_SECRET,
    },
  });
  // The same connect flow for Facebook Login for Business; it connects the story source only.
  const facebookConnect = new InstagramConnect({
    provider: 'facebook',
    connections: deps.facebookConnections,
    accounts: deps.accounts,
    snapshots: deps.snapshots,
    login: facebookLogin,
    box: deps.box,
    cache,
    clock,
    logger,
    onAccountDue: deps.onAccountDue,
    onStoriesDue: (userId) => deps.stories.markPollDue(userId),
    fallbackIsDemo: false,
    usernameAvailable: fallbackSource.name !== 'none',
    config: {
      appUrl: env.APP_URL,
      authSecret: runtime.authSecret,
      appSecret: env.FACEBOOK_APP_SECRET,
    },
  });
  const source: InstagramSource = new SelectingSource(fallbackSource, instagramLogin, {
    tokenFor: (userId) => instagramConnect.tokenFor(userId),
    markNeedsReconnect: (id, reason) => instagramConnect.markNeedsReconnect(id, reason),
  });
  return {
    /** The source refreshes read through: the merchant's own login, else the fallback by username. */
    source,
    /** False without a way to read an account by username (production without Business Discovery). */
    usernameAvailable: fallbackSource.name !== 'none',
    instagramLogin,
    facebookLogin,
    instagramConnect,
    facebookConnect,
  };
}
