import { useI18n } from '../../../i18n/useI18n';
import { AdminPageHeader } from './AdminPageHeader';
import { GearIcon } from './icons';

/** Service settings: they live in the server's configuration; this page says where, and promises nothing. */
export default function AdminSettingsPage() {
  const { t } = useI18n();
  return (
    <>
      <AdminPageHeader title={t('admin.settingsTitle')} intro={t('admin.navSettingsHint')} />
      <section className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center shadow-sm">
        <span className="grid size-14 place-items-center rounded-2xl bg-slate-100 text-slate-700 ring-1 ring-slate-200">
          <GearIcon className="size-7" />
        </span>
        <p className="max-w-prose text-base leading-relaxed text-slate-700">{t('admin.settingsBody')}</p>
      </section>
    </>
  );
}
