import { useI18n } from '../../../i18n/useI18n';
import { Alert } from '../../../ui/Alert';
import { secondaryButton } from '../../../ui/styles';
import { useCacheStats } from '../hooks/useCacheStats';
import { cacheFigures } from '../lib/admin-format';
import { AdminPageHeader } from './AdminPageHeader';
import { DeadJobsPanel } from './DeadJobsPanel';
import { ChipIcon, KeyIcon, RefreshIcon, TargetIcon } from './icons';
import { LookupsPanel } from './LookupsPanel';
import { StatsCard } from './StatsCard';
import { RevenueCards } from '../../billing/components/AdminBilling';

/** The admin overview: the cache figures (product §2, §4 stats load), revenue and failed background jobs. */
export default function AdminDashboardPage() {
  const { t } = useI18n();
  const { state, reload } = useCacheStats();
  const loading = state.status === 'loading';
  const stats = state.status === 'loaded' ? state.stats : undefined;
  const figures = cacheFigures(stats);

  return (
    <>
      <AdminPageHeader
        title={t('admin.dashboardTitle')}
        intro={t('admin.dashboardIntro')}
        actions={
          <button
            type="button"
            className={`${secondaryButton} min-h-11 text-sm`}
            onClick={reload}
            disabled={loading}
          >
            <RefreshIcon className={`size-4 ${loading ? 'animate-spin' : ''}`} />
            {t('admin.statsReload')}
          </button>
        }
      />

      <section aria-labelledby="cache-overview">
        <div className="mb-4 flex items-center justify-between gap-3">
          <h2 id="cache-overview" className="text-lg font-bold text-slate-900">
            {t('admin.cacheOverview')}
          </h2>
          {loading ? (
            <p role="status" className="text-sm text-slate-500">
              {t('admin.statsLoading')}
            </p>
          ) : null}
        </div>

        {state.status === 'error' ? (
          <div className="flex flex-col items-start gap-3">
            <Alert tone="error">{t('admin.statsFailed', { message: state.message })}</Alert>
            <button type="button" className={secondaryButton} onClick={reload}>
              {t('admin.tryAgain')}
            </button>
          </div>
        ) : (
          <div className="grid gap-4 sm:grid-cols-3">
            <StatsCard
              label={t('admin.statsTotalKeys')}
              value={figures.totalKeys}
              hint={t('admin.statsKeysHint')}
              icon={<KeyIcon />}
              accent="indigo"
              loading={loading}
            />
            <StatsCard
              label={t('admin.statsHitRate')}
              value={figures.hitRate}
              hint={t('admin.statsHitRateHint')}
              icon={<TargetIcon />}
              accent="emerald"
              loading={loading}
            />
            <StatsCard
              label={t('admin.statsMemory')}
              value={figures.memory}
              hint={t('admin.statsMemoryHint')}
              icon={<ChipIcon />}
              accent="amber"
              loading={loading}
            />
          </div>
        )}
        {typeof stats?.hits === 'number' && typeof stats.misses === 'number' ? (
          <LookupsPanel hits={stats.hits} misses={stats.misses} />
        ) : null}
      </section>
      <RevenueCards />
      <DeadJobsPanel />
    </>
  );
}
