import { useState } from 'react';
import { countText, DAY_WORDS, formatNumber, type TInsights, type TStoredImage } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { Card } from '../../../ui/controls';
import { TabStateCard } from '../../dashboard/components/TabStateCard';
import { useInsights } from '../hooks/useInsights';
import { INSIGHTS_PERIOD_CHOICES, type TInsightsApi, type TInsightsPeriod } from '../lib/insights-api';
import {
  changeOf,
  CLICK_WORDS,
  formatRate,
  isEmpty,
  METRICS,
  OPEN_WORDS,
  PRODUCT_CLICK_WORDS,
  CART_WORDS,
  type TMetric,
} from '../lib/insights-format';
import { DailyChart, dayLabel } from './DailyChart';

/** The smallest rendition at least twice `size` wide (sharp on phones), else the largest. */
const thumbOf = (image: TStoredImage, size: number) =>
  (image.renditions.find((r) => r.width >= size * 2) ?? image.renditions.at(-1)!).path;

function Thumb({ image, size }: { image: TStoredImage | null; size: number }) {
  if (!image)
    return <span className="shrink-0 rounded-lg bg-slate-100" style={{ width: size, height: size }} />;
  return (
    <img
      src={thumbOf(image, size)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      className="shrink-0 rounded-lg object-cover"
      style={{ backgroundColor: image.color, width: size, height: size }}
    />
  );
}

/** The dashboard's Insights tab: totals with their change, a daily chart, top posts and products. */
export function InsightsTab({ api, canTalk }: { api: TInsightsApi; canTalk: boolean }) {
  const { t, lang } = useI18n();
  const [days, setDays] = useState<TInsightsPeriod>(30);
  const { state, reload } = useInsights(api, days, canTalk);

  const periods = (
    <div
      role="group"
      aria-label={t('dashboard.insights.period')}
      className="mb-5 flex w-full rounded-xl bg-slate-100 p-1 sm:inline-flex sm:w-auto"
    >
      {INSIGHTS_PERIOD_CHOICES.map((d) => (
        <button
          key={d}
          type="button"
          aria-pressed={d === days}
          onClick={() => setDays(d)}
          className="min-h-9 flex-1 rounded-lg px-2 text-sm font-semibold whitespace-nowrap sm:flex-none sm:px-3 text-slate-600 transition aria-pressed:bg-white aria-pressed:text-slate-900 aria-pressed:shadow-sm"
        >
          {t('dashboard.insights.days', { daysText: countText(d, lang, DAY_WORDS) })}
        </button>
      ))}
    </div>
  );

  const header = { title: t('dashboard.insights.title'), subtitle: t('dashboard.insights.subtitle') };
  if (state.kind === 'loading' || state.kind === 'failed')
    return (
      <TabStateCard
        {...header}
        above={periods}
        state={
          state.kind === 'loading'
            ? { kind: 'loading', message: t('dashboard.insights.loading') }
            : {
                kind: 'failed',
                message: t('dashboard.insights.loadFailed'),
                onRetry: () => void reload(),
                canRetry: canTalk,
              }
        }
      />
    );
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <Card {...header}>
        {periods}
        {isEmpty(state.insights.totals, state.insights.previous_totals) ? (
          <EmptyInsights />
        ) : (
          <Overview insights={state.insights} />
        )}
        <p className="mt-5 text-xs leading-relaxed text-slate-500">{t('dashboard.insights.privacy')}</p>
      </Card>
      {isEmpty(state.insights.totals, state.insights.previous_totals) ? null : (
        <div className="grid min-w-0 grid-cols-1 gap-6 xl:grid-cols-2">
          <TopPosts insights={state.insights} />
          <TopProducts insights={state.insights} />
        </div>
      )}
    </div>
  );
}

function EmptyInsights() {
  const { t } = useI18n();
  return (
    <div
      className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-6 text-center"
      data-testid="insights-empty"
    >
      <svg viewBox="0 0 48 48" className="mx-auto mb-3 size-12 text-brand-600" fill="none" aria-hidden="true">
        <path d="M8 40V8M8 40h32" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        <path d="M15 32v-6M23 32V18M31 32v-9" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h3 className="text-base font-bold text-slate-900">{t('dashboard.insights.emptyTitle')}</h3>
      <p className="mx-auto mt-2 max-w-prose text-sm leading-relaxed text-slate-600">
        {t('dashboard.insights.emptyBody')}
      </p>
    </div>
  );
}

function Overview({ insights }: { insights: TInsights }) {
  const { t, lang } = useI18n();
  const [metric, setMetric] = useState<TMetric>('impressions');
  const { totals, previous_totals: previous, daily, days } = insights;
  const metricName = t(`dashboard.insights.${metric}`);
  const best = daily.reduce((a, b) => (b[metric] > a[metric] ? b : a), daily[0]!);
  const summary = t('dashboard.insights.chartSummary', {
    metric: metricName,
    from: dayLabel(insights.from, lang),
    to: dayLabel(insights.to, lang),
    max: formatNumber(best[metric]),
    maxDay: dayLabel(best.date, lang),
  });
  return (
    <>
      <ul
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
        aria-label={t('dashboard.insights.title')}
      >
        {METRICS.map((m) => {
          const change = changeOf(totals[m], previous[m]);
          const changeText =
            'text' in change
              ? t('dashboard.insights.change', {
                  change: change.text,
                  daysText: countText(days, lang, DAY_WORDS),
                })
              : t(change.kind === 'new' ? 'dashboard.insights.changeNew' : 'dashboard.insights.changeSame', {
                  daysText: countText(days, lang, DAY_WORDS),
                });
          return (
            <li key={m} className={m === 'impressions' ? 'col-span-2 sm:col-span-1' : ''}>
              <button
                type="button"
                aria-pressed={m === metric}
                onClick={() => setMetric(m)}
                title={t('dashboard.insights.chartShow')}
                className="flex h-full w-full flex-col items-start gap-1 rounded-xl border border-slate-200 p-3 text-start transition hover:border-brand-200 aria-pressed:border-brand-500 aria-pressed:bg-brand-50"
                data-testid={`insights-total-${m}`}
              >
                <span className="text-xs font-semibold text-slate-600">{t(`dashboard.insights.${m}`)}</span>
                <span className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums">
                  {formatNumber(totals[m])}
                </span>
                <span
                  className={`text-xs ${change.kind === 'up' ? 'text-emerald-700' : change.kind === 'down' ? 'text-red-700' : 'text-slate-500'}`}
                >
                  <bdi>{changeText}</bdi>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <h3 className="mt-6 mb-3 text-sm font-bold text-slate-800">
        {t('dashboard.insights.chartTitle', { metric: metricName })}
      </h3>
      <DailyChart
        daily={daily}
        metric={metric}
        label={metricName}
        summary={summary}
        dateHeading={t('dashboard.insights.date')}
        lang={lang}
      />
    </>
  );
}

function TopPosts({ insights }: { insights: TInsights }) {
  const { t, lang } = useI18n();
  return (
    <Card title={t('dashboard.insights.topPosts')}>
      {insights.top_posts.length === 0 ? (
        <p className="text-sm text-slate-600">{t('dashboard.insights.topPostsEmpty')}</p>
      ) : (
        <ol className="grid grid-cols-1 gap-2" data-testid="insights-top-posts">
          {insights.top_posts.map((post) => (
            <li
              key={post.post_id}
              className="flex min-w-0 items-center gap-3 rounded-xl border border-slate-200 p-2.5"
            >
              <Thumb image={post.image} size={56} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm text-slate-800" dir="auto">
                  {post.caption || (post.image ? '' : t('dashboard.insights.postGone'))}
                </p>
                <p className="mt-0.5 text-xs text-slate-600">
                  <span className="font-semibold text-slate-900">
                    {countText(post.opens, lang, OPEN_WORDS, false)}
                  </span>
                  {post.product_clicks > 0 ? (
                    <> · {countText(post.product_clicks, lang, PRODUCT_CLICK_WORDS, false)}</>
                  ) : null}
                  {post.add_to_carts > 0 ? (
                    <> · {countText(post.add_to_carts, lang, CART_WORDS, false)}</>
                  ) : null}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function TopProducts({ insights }: { insights: TInsights }) {
  const { t, lang } = useI18n();
  return (
    <Card title={t('dashboard.insights.topProducts')} subtitle={t('dashboard.insights.ctrHelp')}>
      {insights.top_products.length === 0 ? (
        <p className="text-sm text-slate-600">{t('dashboard.insights.topProductsEmpty')}</p>
      ) : (
        <ol className="grid grid-cols-1 gap-2" data-testid="insights-top-products">
          {insights.top_products.map((product) => {
            const name =
              (lang === 'en' ? product.name_en || product.name_ar : product.name_ar || product.name_en) ??
              t('dashboard.insights.productGone');
            return (
              <li
                key={product.product_id}
                className="flex min-w-0 items-center gap-3 rounded-xl border border-slate-200 p-2.5"
              >
                <Thumb image={product.image} size={56} />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-semibold text-slate-900" dir="auto">
                    {name}
                  </p>
                  <p className="mt-0.5 text-xs text-slate-600">
                    {countText(product.clicks, lang, CLICK_WORDS, false)}
                    {product.add_to_carts > 0 ? (
                      <> · {countText(product.add_to_carts, lang, CART_WORDS, false)}</>
                    ) : null}
                  </p>
                </div>
                {product.click_through_rate !== null ? (
                  <span className="shrink-0 rounded-lg bg-brand-50 px-2 py-1 text-xs font-semibold text-brand-800 tabular-nums">
                    {t('dashboard.insights.ctr', { rate: formatRate(product.click_through_rate) })}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
