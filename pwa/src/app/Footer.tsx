import { Link } from 'react-router';
import type { TMessageKey } from '@app/shared';
import { useI18n } from '../i18n/useI18n';
import { LogoMark } from '../ui/Logo';

interface TFooterGroup {
  title: TMessageKey;
  links: { to: string; label: TMessageKey }[];
}

/** Footer groups of spec §2; every link goes to a real route (no placeholder `#` targets). */
const FOOTER_GROUPS: TFooterGroup[] = [
  {
    title: 'footer.company',
    links: [
      { to: '/about', label: 'footer.aboutUs' },
      { to: '/support', label: 'footer.contactUs' },
    ],
  },
  {
    title: 'footer.product',
    links: [
      { to: '/#features', label: 'footer.features' },
      { to: '/#pricing', label: 'footer.pricing' },
      { to: '/dashboard', label: 'footer.dashboard' },
    ],
  },
  {
    title: 'footer.support',
    links: [
      { to: '/support', label: 'footer.customerSupport' },
      { to: '/faq', label: 'footer.faq' },
    ],
  },
  {
    title: 'footer.legal',
    links: [
      { to: '/terms', label: 'footer.terms' },
      { to: '/terms#privacy-policy', label: 'footer.privacy' },
    ],
  },
];

export function Footer() {
  const { t } = useI18n();
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.4fr_3fr]">
        <div className="max-w-sm">
          <Link to="/" className="inline-flex min-h-11 items-center gap-2.5 rounded-xl">
            <LogoMark />
            <span className="text-xl font-extrabold tracking-tight text-slate-900">{t('app.name')}</span>
          </Link>
          <p className="mt-3 text-sm leading-relaxed text-slate-700">{t('footer.about')}</p>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {FOOTER_GROUPS.map((group) => (
            <nav key={group.title} aria-label={t(group.title)}>
              <h2 className="text-sm font-bold text-slate-900">{t(group.title)}</h2>
              <ul className="mt-3 flex flex-col gap-1">
                {group.links.map((link) => (
                  <li key={link.to + link.label}>
                    <Link
                      to={link.to}
                      className="inline-flex min-h-11 items-center text-sm text-slate-700 transition hover:text-brand-700 sm:min-h-9"
                    >
                      {t(link.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-6xl px-4 py-5 text-center text-sm text-slate-600 sm:px-6">
          {t('footer.rights', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
