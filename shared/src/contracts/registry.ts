import type { RouteContract } from './contract.js';
import { authContracts, merchantContracts } from './account.js';
import { billingContracts } from './billing.js';
import { postsContracts, storiesContracts } from './content.js';
import { facebookContracts, instagramContracts, storeContracts } from './integrations.js';
import { adminContracts, opsContracts, widgetContracts } from './platform.js';

/** Every endpoint the server answers, by feature: the source of the OpenAPI document. */
export const CONTRACTS = {
  auth: authContracts,
  merchant: merchantContracts,
  stories: storiesContracts,
  posts: postsContracts,
  billing: billingContracts,
  instagram: instagramContracts,
  facebook: facebookContracts,
  stores: storeContracts,
  widget: widgetContracts,
  admin: adminContracts,
  ops: opsContracts,
} as const;

/** The contracts as one list, each with its feature's name and its own. */
export function allContracts(): { feature: string; name: string; contract: RouteContract }[] {
  return Object.entries(CONTRACTS).flatMap(([feature, group]) =>
    Object.entries(group as Record<string, RouteContract>).map(([name, c]) => ({
      feature,
      name,
      contract: c,
    })),
  );
}
