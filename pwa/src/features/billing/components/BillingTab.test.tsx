import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { TBillingOption, TBillingSubscription, TCheckoutStatus, TInvoiceList } from '@app/shared';
import { I18nProvider } from '../../../i18n/I18nProvider';
import { loadCataloguePart } from '../../../i18n/catalogue';
import { apiError, fakeFetch, jsonResponse, type TRecordedCall } from '../../../test/fixtures';
import { useCheckoutWatch, type TLoad } from '../hooks/useBilling';
import { createBillingApi, type TBillingApi } from '../lib/billing-api';
import { BillingTab } from './BillingTab';

const NOW = '2026-03-01T09:00:00.000Z';
const option = (over: Partial<TBillingOption>): TBillingOption => ({
  tier: 'pro',
  period: 'monthly',
  kind: 'new',
  list_halalas: 11_900,
  credit_halalas: 0,
  amount_halalas: 11_900,
  starts_at: NOW,
  ends_at: '2026-04-01T09:00:00.000Z',
  unavailable: null,
  ...over,
});

const trial: TBillingSubscription = {
  tier: null,
  status: 'trial',
  period: null,
  current_period_end: '2026-03-10T09:00:00.000Z',
  grace_ends_at: null,
  managed_by: 'direct',
  payments_enabled: true,
  scheduled: null,
  card_saving: false,
  auto_renew: false,
  card: null,
  details: { company_name: null, vat_number: null },
  options: [
    option({ tier: 'basic', list_halalas: 5_900, amount_halalas: 5_900 }),
    option({ tier: 'basic', period: 'annual', list_halalas: 59_500, amount_halalas: 59_500 }),
    option({}),
    option({
      period: 'annual',
      list_halalas: 120_000,
      amount_halalas: 120_000,
      ends_at: '2027-03-01T09:00:00.000Z',
    }),
  ],
};
const noInvoices: TLoad<TInvoiceList> = { kind: 'ready', value: { invoices: [] } };

type THandler = (call: TRecordedCall) => Response | undefined;
function billingApi(handler: THandler = () => undefined) {
  const double = fakeFetch((call) => handler(call) ?? apiError(404, 'not_found', 'Not found'));
  return { api: createBillingApi(double.fetch), calls: double.calls };
}

function renderTab(
  props: Partial<Parameters<typeof BillingTab>[0]> & { api: TBillingApi },
  lang: 'ar' | 'en' = 'en',
) {
  return render(
    <I18nProvider initialLang={lang}>
      <MemoryRouter>
        <BillingTab
          canTalk
          subscription={{ kind: 'ready', value: trial }}
          invoices={noInvoices}
          watch={null}
          onCheckAgain={() => undefined}
          {...props}
        />
      </MemoryRouter>
    </I18nProvider>,
  );
}

beforeEach(async () => {
  await loadCataloguePart('dashboard');
});

describe('Plan and billing', () => {
  it('states the rules in plain words and sends Pay to the hosted payment page', async () => {
    const { api, calls } = billingApi((call) =>
      call.url === '/api/billing/checkout'
        ? jsonResponse(
            { checkout_id: 'c1', url: 'https://checkout.example/invoices/i1', amount_halalas: 120_000 },
            201,
          )
        : undefined,
    );
    const navigate = vi.fn();
    renderTab({ api, navigate });
    expect(await screen.findByText(/Free trial with Pro features until/)).toBeTruthy();
    expect(screen.getByText(/Paying for your current plan extends it from its end/)).toBeTruthy();
    expect(screen.getByText(/the widget keeps showing for 3 more days/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Annual/ }));
    expect(screen.getByTestId('billing-amount').textContent).toBe('1,200.00 SAR');
    expect(screen.getByText('Includes 156.52 SAR VAT (15%).')).toBeTruthy();
    // In the trial a new plan starts when the trial ends: no trial day is lost.
    expect(screen.getByText(/Starts when your free trial ends, on .* you keep every trial day/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay 1,200.00 SAR' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://checkout.example/invoices/i1'));
    expect(calls.find((c) => c.url === '/api/billing/checkout')?.body).toEqual({
      tier: 'pro',
      period: 'annual',
      start: 'trial_end',
    });
  });

  it('lets a merchant in the trial start the paid plan now instead', async () => {
    const { api, calls } = billingApi((call) =>
      call.url === '/api/billing/checkout'
        ? jsonResponse(
            { checkout_id: 'c2', url: 'https://checkout.example/invoices/i2', amount_halalas: 11_900 },
            201,
          )
        : undefined,
    );
    renderTab({ api, navigate: vi.fn() });
    fireEvent.click(await screen.findByRole('checkbox', { name: /Start the paid plan now/ }));
    expect(screen.getByText(/Starts now: the days left in your free trial are not kept/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay 119.00 SAR' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/billing/checkout')?.body).toEqual({
        tier: 'pro',
        period: 'monthly',
        start: 'now',
      }),
    );
  });

  it('prices an upgrade with its credit and explains a refused option by its code', async () => {
    const { api } = billingApi();
    const basic: TBillingSubscription = {
      ...trial,
      tier: 'basic',
      status: 'active',
      period: 'monthly',
      options: [
        option({ tier: 'basic', kind: 'extension', list_halalas: 5_900, amount_halalas: 5_900 }),
        option({ kind: 'upgrade', credit_halalas: 3_933, amount_halalas: 7_967 }),
        option({
          period: 'annual',
          kind: 'upgrade',
          list_halalas: 120_000,
          credit_halalas: 3_933,
          amount_halalas: 116_067,
          unavailable: 'upgrade_needs_longer_period',
        }),
      ],
    };
    renderTab({ api, subscription: { kind: 'ready', value: basic } });
    expect(await screen.findByText(/Basic, Monthly, until/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Professional/ }));
    expect(screen.getByTestId('billing-amount').textContent).toBe('79.67 SAR');
    expect(screen.getByText(/less 39.33 SAR for the unused days of Basic/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Annual/ }));
    expect(screen.getByRole('alert').textContent).toMatch(/Choose the annual period/);
    expect((screen.getByRole('button', { name: /^Pay/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the checkout error in words, from its code', async () => {
    const { api } = billingApi((call) =>
      call.url === '/api/billing/checkout'
        ? apiError(502, 'payment_provider_error', 'some server text the page must not show')
        : undefined,
    );
    renderTab({ api });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay 119.00 SAR' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The payment service did not answer. Please try again in a minute.',
    );
  });

  it('offers no payment to a store whose platform bills it', async () => {
    const { api } = billingApi();
    renderTab({
      api,
      subscription: {
        kind: 'ready',
        value: { ...trial, managed_by: 'salla', options: [], status: 'active', tier: 'pro' },
      },
    });
    expect(await screen.findByText(/managed by your store platform/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('lists a credit note with the invoice it corrects, in both languages', async () => {
    const base = {
      issued_at: NOW,
      vat_halalas: 0,
      refunded_at: null,
      tier: 'pro' as const,
      period: 'annual' as const,
    };
    const invoices: TLoad<TInvoiceList> = {
      kind: 'ready',
      value: {
        invoices: [
          {
            ...base,
            id: 'n1',
            type: 'credit_note',
            reference: { id: 'i7', number: 7 },
            number: 1,
            total_halalas: -30_000,
          },
          { ...base, id: 'i7', type: 'invoice', reference: null, number: 7, total_halalas: 120_000 },
        ],
      },
    };
    const { api } = billingApi();
    const { unmount } = renderTab({ api, invoices });
    expect((await screen.findByTestId('document-credit_note')).textContent).toContain('Credit note #1');
    expect(screen.getByText('for invoice #7')).toBeTruthy();
    expect(screen.getByTestId('document-invoice').textContent).toContain('Invoice #7');
    unmount();
    renderTab({ api, invoices }, 'ar');
    expect((await screen.findByText('للفاتورة رقم 7')).textContent).toBe('للفاتورة رقم 7');
    expect(screen.getByTestId('document-credit_note').textContent).toContain('إشعار دائن #1');
  });

  it('reads in Arabic, right to left', async () => {
    const { api } = billingApi();
    renderTab({ api }, 'ar');
    expect(await screen.findByRole('heading', { name: 'الباقة والفوترة' })).toBeTruthy();
    expect(screen.getByText(/فترة تجريبية مجانية/)).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });
});

/** The tab as the dashboard wires it on the way back from the payment page. */
function ReturnHarness({ api }: { api: TBillingApi }) {
  const { watch, checkAgain } = useCheckoutWatch(api, 'c1', () => undefined, { intervalMs: 5, maxTries: 4 });
  return (
    <BillingTab
      api={api}
      canTalk
      subscription={{ kind: 'ready', value: trial }}
      invoices={noInvoices}
      watch={watch}
      onCheckAgain={checkAgain}
    />
  );
}

const checkout = (over: Partial<TCheckoutStatus>): TCheckoutStatus => ({
  checkout_id: 'c1',
  status: 'pending',
  tier: 'pro',
  period: 'annual',
  amount_halalas: 120_000,
  failure_reason: null,
  failure_message: null,
  invoice_id: null,
  paid_at: null,
  ...over,
});

function renderReturn(answers: TCheckoutStatus[]) {
  let asked = 0;
  const { api, calls } = billingApi((call) => {
    if (call.url !== '/api/billing/checkout/c1') return undefined;
    const answer = answers[Math.min(asked, answers.length - 1)];
    asked++;
    return jsonResponse(answer);
  });
  render(
    <I18nProvider initialLang="en">
      <MemoryRouter>
        <ReturnHarness api={api} />
      </MemoryRouter>
    </I18nProvider>,
  );
  return { calls };
}

describe('back from the payment page', () => {
  it('polls while pending and says "Payment received" only once the server confirmed', async () => {
    const { calls } = renderReturn([
      checkout({}),
      checkout({}),
      checkout({ status: 'paid', invoice_id: 'inv-1', paid_at: NOW }),
    ]);
    expect(await screen.findByText('Waiting for the payment to be confirmed...')).toBeTruthy();
    expect(screen.queryByText('Payment received')).toBeNull();
    expect(await screen.findByText('Payment received')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/billing/checkout/c1')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'View invoice' }).getAttribute('href')).toBe(
      '/dashboard/invoices/inv-1',
    );
  });

  it("says the gateway's reason in our words, with its own text only as a details line", async () => {
    renderReturn([
      checkout({}),
      checkout({ status: 'failed', failure_reason: 'payment_failed', failure_message: 'INSUFFICIENT FUNDS' }),
    ]);
    expect(await screen.findByText('The payment did not go through')).toBeTruthy();
    expect(
      screen.getByText(
        'Your card does not have enough funds for this payment. Nothing was charged: top the card up or pay with another one.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Details for support: INSUFFICIENT FUNDS')).toBeTruthy();
    expect(screen.queryByText('Payment received')).toBeNull();
  });

  it('stops asking after a while and offers to check again', async () => {
    const { calls } = renderReturn([checkout({})]);
    expect(await screen.findByText(/The confirmation has not arrived yet/)).toBeTruthy();
    expect(calls).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(calls.length).toBeGreaterThan(4));
  });
});

describe('Automatic renewal with a saved card', () => {
  it('offers "Renew automatically" at checkout only where card saving is on', async () => {
    const { api, calls } = billingApi((call) =>
      call.url === '/api/billing/checkout'
        ? jsonResponse({ checkout_id: 'c1', url: 'https://checkout.example/i', amount_halalas: 11_900 }, 201)
        : undefined,
    );
    const { unmount } = renderTab({ api });
    expect(screen.queryByRole('checkbox', { name: /Renew automatically/ })).toBeNull();
    unmount();
    renderTab({
      api,
      navigate: vi.fn(),
      subscription: { kind: 'ready', value: { ...trial, card_saving: true } },
    });
    expect(await screen.findByText(/No card is saved/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Renew automatically/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay 119.00 SAR' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/billing/checkout')?.body).toEqual({
        tier: 'pro',
        period: 'monthly',
        save_card: true,
        // Bought in the trial: it starts when the trial ends.
        start: 'trial_end',
      }),
    );
  });

  it('shows the card, turns renewal off and removes the card', async () => {
    const saved: TBillingSubscription = {
      ...trial,
      tier: 'pro',
      status: 'active',
      period: 'monthly',
      card_saving: true,
      auto_renew: true,
      card: { brand: 'mada', last4: '1234' },
    };
    const { api, calls } = billingApi((call) =>
      call.url === '/api/billing/auto-renew' || call.url === '/api/billing/card'
        ? jsonResponse({ ...saved, auto_renew: false })
        : undefined,
    );
    const onChanged = vi.fn();
    renderTab({ api, onChanged, subscription: { kind: 'ready', value: saved } });
    expect((await screen.findByTestId('saved-card')).textContent).toBe('Saved card: mada ending in 1234');
    fireEvent.click(screen.getByRole('switch', { name: 'Renew automatically with this card' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.url === '/api/billing/auto-renew')).toMatchObject({
      method: 'PUT',
      body: { enabled: false },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove card' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(2));
    expect(calls.find((c) => c.url === '/api/billing/card')?.method).toBe('DELETE');
  });

  it('words the saved card in Arabic', async () => {
    const { api } = billingApi();
    renderTab(
      {
        api,
        subscription: {
          kind: 'ready',
          value: { ...trial, card_saving: true, auto_renew: true, card: { brand: 'visa', last4: '4242' } },
        },
      },
      'ar',
    );
    expect((await screen.findByTestId('saved-card')).textContent).toBe(
      'البطاقة المحفوظة: visa المنتهية بـ 4242',
    );
    expect(screen.getByRole('button', { name: 'إزالة البطاقة' })).toBeTruthy();
  });
});
