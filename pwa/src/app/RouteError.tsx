import { useRouteError } from 'react-router';
import { useI18n } from '../i18n/useI18n';
import { primaryButton } from '../ui/styles';

/** Shown when a page crashes or its code cannot be loaded (e.g. an old tab after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useI18n();
  console.error(error);
  return (
    <div role="alert" className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-4 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t('error.title')}</h1>
      <p className="mt-3 text-base text-slate-700">{t('error.body')}</p>
      <button type="button" className={`${primaryButton} mt-6`} onClick={() => window.location.reload()}>
        {t('error.reload')}
      </button>
    </div>
  );
}
