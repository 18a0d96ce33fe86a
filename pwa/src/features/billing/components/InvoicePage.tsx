import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import encodeQR from 'qr';
import { sarAmount, saudiDate, saudiDateTime, type TInvoice, type TInvoiceLine } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { Alert } from '../../../ui/Alert';
import { LoadingScreen } from '../../../ui/Spinner';
import { primaryButton, secondaryButton } from '../../../ui/styles';
import { useAuth } from '../../auth/hooks/useAuth';
import { useDocumentTitle } from '../../../app/useDocumentTitle';
import { createBillingApi } from '../lib/billing-api';
import { billingFailureText } from '../lib/billing-format';
import type { TLoad } from '../hooks/useBilling';

/**
 * The invoice's fixed wording. A Saudi simplified tax invoice carries Arabic (English beside it is allowed),
 * so the printed page states every label in both languages whatever the dashboard's language.
 */
const LABELS = {
  title: ['فاتورة ضريبية مبسطة', 'Simplified tax invoice'],
  creditTitle: ['إشعار دائن مبسط', 'Simplified credit note'],
  number: ['رقم الفاتورة', 'Invoice number'],
  creditNumber: ['رقم الإشعار الدائن', 'Credit note number'],
  reference: ['الفاتورة الأصلية', 'Original invoice'],
  issued: ['تاريخ ووقت الإصدار', 'Issue date and time'],
  saudiTime: ['بتوقيت السعودية', 'Saudi time'],
  seller: ['البائع', 'Seller'],
  vatNumber: ['الرقم الضريبي', 'VAT number'],
  buyer: ['المشتري', 'Buyer'],
  description: ['الوصف', 'Description'],
  amount: ['المبلغ (شامل الضريبة)', 'Amount (VAT included)'],
  totalExVat: ['الإجمالي دون الضريبة', 'Total excluding VAT'],
  vat: ['ضريبة القيمة المضافة 15%', 'VAT 15%'],
  total: ['الإجمالي شامل الضريبة', 'Total including VAT'],
  refunded: ['تم استرداد هذه الفاتورة', 'This invoice was refunded'],
  uuid: ['المعرّف الفريد', 'UUID'],
} as const;

const PLAN = {
  basic: ['الباقة الأساسية', 'Basic plan'],
  pro: ['الباقة الاحترافية', 'Professional plan'],
} as const;
const PERIOD = { monthly: ['شهري', 'monthly'], annual: ['سنوي', 'annual'] } as const;

function lineText(line: TInvoiceLine): [string, string] {
  const [planAr, planEn] = PLAN[line.tier];
  const [periodAr, periodEn] = PERIOD[line.period];
  const range = `${saudiDate(line.period_start)} → ${saudiDate(line.period_end)}`;
  // Isolated left to right inside the Arabic line, so the dates and the arrow keep their order.
  const rangeAr = `\u2066${range}\u2069`;
  if (line.kind === 'refund') {
    return [
      `استرداد: لمحة ${planAr}، ${periodAr} (${rangeAr})`,
      `Refund: Lamha ${planEn}, ${periodEn} (${range})`,
    ];
  }
  return line.kind === 'plan'
    ? [`لمحة: ${planAr}، ${periodAr} (${rangeAr})`, `Lamha ${planEn}, ${periodEn} (${range})`]
    : [
        `رصيد الأيام غير المستخدمة من ${planAr} (${rangeAr})`,
        `Credit for the unused days of the ${planEn} (${range})`,
      ];
}

function Label({ of }: { of: keyof typeof LABELS }) {
  const [ar, en] = LABELS[of];
  return (
    <>
      <span lang="ar" dir="rtl">
        {ar}
      </span>
      <span className="text-slate-400"> · </span>
      <span lang="en" dir="ltr">
        {en}
      </span>
    </>
  );
}

/** The ZATCA QR as SVG squares (no canvas, prints sharp); the TLV text is what it encodes. */
export function InvoiceQr({ value, label }: { value: string; label: string }) {
  const path = useMemo(() => {
    const modules = encodeQR(value, 'raw', { ecc: 'medium', border: 2 });
    const parts: string[] = [];
    modules.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
      }),
    );
    return { d: parts.join(''), size: modules.length };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      data-qr={value}
      viewBox={`0 0 ${path.size} ${path.size}`}
      className="size-40 bg-white"
      shapeRendering="crispEdges"
    >
      <rect width={path.size} height={path.size} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}

export function InvoiceDocument({ invoice, label }: { invoice: TInvoice; label: string }) {
  // Saudi time (UTC+03:00 all year), the time of the seller's country.
  const issued = `${saudiDateTime(invoice.issued_at)} (UTC+03:00)`;
  const amount = (halalas: number) => `${sarAmount(halalas)} SAR`;
  const credit = invoice.type === 'credit_note';
  return (
    <article className="mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-sm print:border-0 print:p-0 print:shadow-none sm:p-8">
      <header className="flex flex-wrap items-start justify-between gap-6 border-b border-slate-200 pb-5">
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold tracking-tight">
            <Label of={credit ? 'creditTitle' : 'title'} />
          </h1>
          <dl className="mt-3 grid gap-1 text-sm">
            <div>
              <dt className="inline text-slate-500">
                <Label of={credit ? 'creditNumber' : 'number'} />:
              </dt>{' '}
              <dd className="inline font-semibold" dir="ltr" data-testid="invoice-number">
                {invoice.number}
              </dd>
            </div>
            {invoice.reference ? (
              <div>
                <dt className="inline text-slate-500">
                  <Label of="reference" />:
                </dt>{' '}
                <dd className="inline font-semibold" dir="ltr">
                  <Link
                    className="underline print:no-underline"
                    to={`/dashboard/invoices/${invoice.reference.id}`}
                    data-testid="credit-note-reference"
                  >
                    {invoice.reference.number}
                  </Link>
                </dd>
              </div>
            ) : null}
            <div>
              <dt className="inline text-slate-500">
                <Label of="issued" />:
              </dt>{' '}
              <dd className="inline font-semibold" data-testid="invoice-issued">
                <bdi dir="ltr">{issued}</bdi> <Label of="saudiTime" />
              </dd>
            </div>
          </dl>
        </div>
        <InvoiceQr value={invoice.qr} label={label} />
      </header>
      {invoice.refunded_at ? (
        <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900">
          <Label of="refunded" />
        </p>
      ) : null}
      <section className="grid gap-5 border-b border-slate-200 py-5 text-sm sm:grid-cols-2">
        <div>
          <h2 className="mb-1 font-bold">
            <Label of="seller" />
          </h2>
          <p>{invoice.seller.name}</p>
          <p>{invoice.seller.address}</p>
          <p>
            <span className="text-slate-500">
              <Label of="vatNumber" />:
            </span>{' '}
            <span dir="ltr">{invoice.seller.vat_number}</span>
          </p>
        </div>
        <div>
          <h2 className="mb-1 font-bold">
            <Label of="buyer" />
          </h2>
          {invoice.buyer.name ? <p>{invoice.buyer.name}</p> : null}
          <p dir="ltr" className="text-start">
            {invoice.buyer.email}
          </p>
          {invoice.buyer.vat_number ? (
            <p>
              <span className="text-slate-500">
                <Label of="vatNumber" />:
              </span>{' '}
              <span dir="ltr" data-testid="invoice-buyer-vat">
                {invoice.buyer.vat_number}
              </span>
            </p>
          ) : null}
        </div>
      </section>
      <table className="mt-5 w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-slate-500">
            <th className="py-2 text-start font-semibold">
              <Label of="description" />
            </th>
            <th className="py-2 text-end font-semibold">
              <Label of="amount" />
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, i) => {
            const [ar, en] = lineText(line);
            return (
              <tr key={i} className="border-b border-slate-100 align-top">
                <td className="py-2.5">
                  <span lang="ar" dir="rtl" className="block">
                    {ar}
                  </span>
                  <span lang="en" dir="ltr" className="block text-slate-600">
                    {en}
                  </span>
                </td>
                <td className="py-2.5 text-end font-semibold" dir="ltr">
                  {amount(line.amount_halalas)}
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <td className="pt-3 text-slate-600">
              <Label of="totalExVat" />
            </td>
            <td className="pt-3 text-end" dir="ltr">
              {amount(invoice.total_halalas - invoice.vat_halalas)}
            </td>
          </tr>
          <tr>
            <td className="text-slate-600">
              <Label of="vat" />
            </td>
            <td className="text-end" dir="ltr" data-testid="invoice-vat">
              {amount(invoice.vat_halalas)}
            </td>
          </tr>
          <tr className="text-base font-extrabold">
            <td className="pt-2">
              <Label of="total" />
            </td>
            <td className="pt-2 text-end" dir="ltr" data-testid="invoice-total">
              {amount(invoice.total_halalas)}
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="mt-6 break-all text-xs text-slate-400" dir="ltr">
        <Label of="uuid" />: {invoice.uuid}
      </p>
    </article>
  );
}

/** /dashboard/invoices/:id: the printable invoice (Print uses the browser's own dialog). */
export default function InvoicePage() {
  const { t, lang } = useI18n();
  const { id = '' } = useParams();
  const { client } = useAuth();
  const api = useMemo(() => createBillingApi((input, init) => client.fetchWithAuth(input, init)), [client]);
  const [state, setState] = useState<TLoad<TInvoice>>({ kind: 'loading' });
  // The document's own title in the page's language, with its number once loaded.
  const documentName =
    LABELS[state.kind === 'ready' && state.value.type === 'credit_note' ? 'creditTitle' : 'title'][
      lang === 'ar' ? 0 : 1
    ];
  useDocumentTitle(state.kind === 'ready' ? `${documentName} ${state.value.number}` : documentName);
  useEffect(() => {
    let cancelled = false;
    void api.invoice(id).then((result) => {
      if (cancelled) return;
      setState(
        result.ok ? { kind: 'ready', value: result.value } : { kind: 'error', failure: result.failure },
      );
    });
    return () => {
      cancelled = true;
    };
  }, [api, id]);

  if (state.kind === 'loading') return <LoadingScreen label={t('dashboard.billing.invoice.loading')} />;
  return (
    <div className="min-h-full bg-slate-50/70 px-4 py-6 print:bg-white print:p-0 sm:py-10">
      <div className="mx-auto mb-5 flex max-w-3xl flex-wrap items-center justify-between gap-3 print:hidden">
        <Link className={secondaryButton} to="/dashboard?tab=billing">
          {t('dashboard.billing.invoice.back')}
        </Link>
        {state.kind === 'ready' ? (
          <button type="button" className={primaryButton} onClick={() => window.print()}>
            {t('dashboard.billing.invoice.print')}
          </button>
        ) : null}
      </div>
      {state.kind === 'ready' ? (
        <InvoiceDocument
          invoice={state.value}
          label={t('dashboard.billing.invoice.qrLabel', { number: state.value.number })}
        />
      ) : (
        <div className="mx-auto max-w-3xl">
          <Alert tone="error">{billingFailureText(state.failure, lang, t)}</Alert>
        </div>
      )}
    </div>
  );
}
