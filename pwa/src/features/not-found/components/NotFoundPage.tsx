import { Link } from 'react-router';
import { useI18n } from '../../../i18n/useI18n';
import { primaryButton } from '../../../ui/styles';
import { useDocumentTitle } from '../../../app/useDocumentTitle';

export default function NotFoundPage() {
  const { t } = useI18n();
  useDocumentTitle(t('notFound.title'));
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <p className="text-brand-gradient text-7xl font-extrabold" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{t('notFound.title')}</h1>
      <p className="mt-4 text-lg leading-relaxed text-slate-700">{t('notFound.body')}</p>
      <Link to="/" className={`${primaryButton} mt-8`}>
        {t('common.backHome')}
      </Link>
    </section>
  );
}
