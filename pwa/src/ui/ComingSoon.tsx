import { Link } from 'react-router';
import type { TMessageKey } from '@app/shared';
import { useI18n } from '../i18n/useI18n';
import { secondaryButton } from './styles';

/** An honest placeholder for a page that later work fills in. */
export function ComingSoon({ titleKey }: { titleKey: TMessageKey }) {
  const { t } = useI18n();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <span className="mb-6 rounded-full bg-brand-50 px-4 py-1.5 text-sm font-semibold text-brand-800">
        {t('common.comingSoonTitle')}
      </span>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t(titleKey)}</h1>
      <p className="mt-4 max-w-prose text-lg leading-relaxed text-slate-700">{t('common.comingSoonBody')}</p>
      <Link to="/" className={`${secondaryButton} mt-8`}>
        {t('common.backHome')}
      </Link>
    </section>
  );
}
