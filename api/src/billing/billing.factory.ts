import type { Runtime } from '../runtime.js';
import type { ServiceOverrides } from '../overrides.js';
import type { SecretBox } from '../lib/secret-box.js';
import { loggedFetch } from '../lib/logged-fetch.js';
import { MoyasarClient } from '../integrations/moyasar/moyasar.client.js';
import { MoyasarWebhookVerification } from '../integrations/moyasar/webhook-verification.service.js';
import type { WebhookVerificationsRepository } from '../integrations/moyasar/webhook-verifications.repository.js';
import type { AutoRenewRepository } from './autorenew.repository.js';
import { AutoRenewService } from './autorenew.service.js';
import { BillingService } from './billing.service.js';
import { DevPaymentProvider } from './dev-payments.js';

/** Without seller details (outside production) invoices name a development seller, plainly. */
export const DEV_SELLER = {
  name: 'Lamha (development seller)',
  vatNumber: '399999999900003',
  address: 'Riyadh, Saudi Arabia (development)',
} as const;

/** Billing: Moyasar when its secret key is set, else (never in production) the dev checkout stands in. */
export function createBilling(
  runtime: Runtime,
  overrides: ServiceOverrides,
  verifications: WebhookVerificationsRepository,
  box: SecretBox,
  autoRenewRepo: AutoRenewRepository,
  deps: Pick<
    ConstructorParameters<typeof BillingService>[0],
    'repo' | 'subscriptions' | 'users' | 'snapshots' | 'platformOf'
  >,
) {
  const { env } = runtime;
  const devPayments =
    env.MOYASAR_SECRET_KEY || env.NODE_ENV === 'production' ? undefined : new DevPaymentProvider(env.APP_URL);
  const provider =
    devPayments ??
    new MoyasarClient({
      apiUrl: env.MOYASAR_API_URL,
      secretKey: env.MOYASAR_SECRET_KEY ?? '',
      fetch: loggedFetch(
        runtime.logger.child({ component: 'outgoing' }),
        overrides.moyasarFetch ?? ((input, init) => fetch(input, init)),
      ),
    });
  const autoRenew = new AutoRenewService({
    repo: autoRenewRepo,
    billing: deps.repo,
    provider,
    box,
    confirm: (payment) => service.confirmPayment(payment),
    mailer: runtime.mailer,
    clock: runtime.clock,
    logger: runtime.logger.child({ component: 'billing' }),
    config: { tokenization: env.MOYASAR_TOKENIZATION, appUrl: env.APP_URL },
  });
  const service: BillingService = new BillingService({
    ...deps,
    cards: autoRenew,
    provider,
    mailer: runtime.mailer,
    clock: runtime.clock,
    cache: runtime.cache,
    logger: runtime.logger.child({ component: 'billing' }),
    config: {
      appUrl: env.APP_URL,
      webhookSecret: env.MOYASAR_WEBHOOK_SECRET,
      paymentsEnabled: env.BILLING !== 'platform-only',
      seller: {
        name: env.BILLING_SELLER_NAME ?? DEV_SELLER.name,
        vatNumber: env.BILLING_SELLER_VAT_NUMBER ?? DEV_SELLER.vatNumber,
        address: env.BILLING_SELLER_ADDRESS ?? DEV_SELLER.address,
      },
    },
  });
  const verification = new MoyasarWebhookVerification({
    repo: verifications,
    verifier: provider instanceof MoyasarClient ? provider : undefined,
    clock: runtime.clock,
    logger: runtime.logger.child({ component: 'billing' }),
  });
  return { service, autoRenew, devPayments, verification };
}
