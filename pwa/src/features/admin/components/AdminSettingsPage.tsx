import { useI18n } from '../../../i18n/useI18n';
import { AdminPageHeader } from './AdminPageHeader';
import { GearIcon } from './icons';

/** Configure kingdom: a placeholder until there are settings to craft (spec §2). */
export default function AdminSettingsPage() {
  const { t } = useI18n();
  return (
    <>
      <AdminPageHeader title={t('admin.settingsTitle')} intro={t('admin.navSettingsHint')} />
      <section className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center shadow-sm">
        <span className="grid size-14 place-items-center rounded-2xl bg-slate-100 text-slate-700 ring-1 ring-slate-200">
          <GearIcon className="size-7" />
        </span>
        <span className="rounded-full bg-amber-50 px-3 py-1 text-xs font-bold text-amber-800 ring-1 ring-amber-200">
          {t('admin.settingsBadge')}
        </span>
        <p className="max-w-prose text-base leading-relaxed text-slate-700">{t('admin.settingsBody')}</p>
      </section>
    </>
  );
}
