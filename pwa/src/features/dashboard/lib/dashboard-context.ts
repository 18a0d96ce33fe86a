import type { TMerchantRecord } from '../../../db';
import type { TMerchantApi } from './merchant-api';

/**
 * What the dashboard shell hands every tab. Its own module so the tabs need not import the shell that
 * renders them (an import cycle).
 */
export interface TDashboardContext {
  record: TMerchantRecord;
  stale: boolean;
  reloadMerchant: () => Promise<void>;
  api: TMerchantApi;
  userId: string;
  editorId: string;
  signedIn: boolean;
  online: boolean;
  persistent: boolean;
}
