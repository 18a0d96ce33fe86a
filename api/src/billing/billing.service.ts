import type { PaymentProvider } from '../integrations/moyasar/moyasar.client.js';
import { BillingAdmin } from './billing.admin.js';
import { BillingCheckout } from './billing.checkout.js';
import type { BillingServiceDeps } from './billing.common.js';
import { PaymentConfirmation } from './billing.confirmation.js';
import { BillingDocuments } from './billing.documents.js';
import { BillingEvents } from './billing.events.js';
import { BillingNotices } from './billing.notices.js';
import { BillingRefunds } from './billing.refunds.js';

/**
 * Plans bought with Moyasar hosted invoices, one part per responsibility: checkout (billing.checkout.ts),
 * confirmation (billing.confirmation.ts, which activates a checkout once however it is confirmed),
 * webhook events (billing.events.ts), VAT invoices and credit notes (billing.documents.ts), refunds
 * (billing.refunds.ts), the cron work of reminders, grace and expiry (billing.notices.ts) and the admin
 * views (billing.admin.ts). This class composes them and is what routes and cron call.
 */
export class BillingService {
  private readonly checkouts: BillingCheckout;
  private readonly confirmation: PaymentConfirmation;
  private readonly events: BillingEvents;
  private readonly documents: BillingDocuments;
  private readonly refunds: BillingRefunds;
  private readonly notices: BillingNotices;
  private readonly admin: BillingAdmin;

  constructor(private readonly deps: BillingServiceDeps) {
    this.documents = new BillingDocuments(deps);
    this.refunds = new BillingRefunds(deps, this.documents);
    this.confirmation = new PaymentConfirmation(deps, this.documents, this.refunds);
    this.events = new BillingEvents(deps, this.confirmation, this.refunds);
    this.checkouts = new BillingCheckout(deps, this.confirmation);
    this.notices = new BillingNotices(deps);
    this.admin = new BillingAdmin(deps, this.refunds);
  }

  get providerKind(): PaymentProvider['kind'] {
    return this.deps.provider.kind;
  }

  // ---------- the merchant's side ----------
  subscription: BillingCheckout['subscription'] = (...a) => this.checkouts.subscription(...a);
  saveDetails: BillingCheckout['saveDetails'] = (...a) => this.checkouts.saveDetails(...a);
  checkout: BillingCheckout['checkout'] = (...a) => this.checkouts.checkout(...a);
  checkoutStatus: BillingCheckout['checkoutStatus'] = (...a) => this.checkouts.checkoutStatus(...a);
  invoiceCallback: BillingCheckout['invoiceCallback'] = (...a) => this.checkouts.invoiceCallback(...a);
  invoices: BillingDocuments['invoices'] = (...a) => this.documents.invoices(...a);
  invoice: BillingDocuments['invoice'] = (...a) => this.documents.invoice(...a);

  // ---------- confirmation ----------
  receiveWebhook: BillingEvents['receiveWebhook'] = (...a) => this.events.receiveWebhook(...a);
  processEvent: BillingEvents['processEvent'] = (...a) => this.events.processEvent(...a);
  devConfirm: BillingEvents['devConfirm'] = (...a) => this.events.devConfirm(...a);
  devRefund: BillingEvents['devRefund'] = (...a) => this.events.devRefund(...a);
  devCheckout: BillingEvents['devCheckout'] = (...a) => this.events.devCheckout(...a);
  processPendingEvents: BillingEvents['processPendingEvents'] = (...a) =>
    this.events.processPendingEvents(...a);
  confirmPayment: PaymentConfirmation['confirmPayment'] = (...a) => this.confirmation.confirmPayment(...a);
  processDueRefunds: BillingRefunds['processDueRefunds'] = (...a) => this.refunds.processDueRefunds(...a);

  // ---------- admin ----------
  refund: BillingRefunds['refund'] = (...a) => this.refunds.refund(...a);
  adminPayments: BillingAdmin['adminPayments'] = (...a) => this.admin.adminPayments(...a);
  adminRevenue: BillingAdmin['adminRevenue'] = (...a) => this.admin.adminRevenue(...a);

  // ---------- cron ----------
  runNotices: BillingNotices['runNotices'] = (...a) => this.notices.runNotices(...a);
}
