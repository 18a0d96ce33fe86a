import { Link } from './navigation';
import type { TMessageKey } from '@app/shared';
import { useI18n } from '../i18n/useI18n';
import { LogoMark } from '../ui/Logo';
import { usePublicConfig } from '../features/marketing/lib/public-config';
import { CompanyIdentity } from '../features/marketing/components/CompanyIdentity';

type TFooterEntry =
  | { kind: 'route'; to: string; label: TMessageKey }
  | { kind: 'external'; href: string; label: TMessageKey }
  /** Live chat with support: only when SUPPORT_WHATSAPP or SUPPORT_CHAT_URL is configured. */
  | { kind: 'chat'; label: TMessageKey };

interface TFooterGroup {
  title: TMessageKey;
  links: TFooterEntry[];
}

/** Footer groups of product §2: routes and external links (chat). Only what exists is listed. */
const FOOTER_GROUPS: TFooterGroup[] = [
  {
    title: 'footer.company',
    links: [
      { kind: 'route', to: '/about', label: 'footer.aboutUs' },
      { kind: 'route', to: '/support', label: 'footer.contactUs' },
    ],
  },
  {
    title: 'footer.product',
    links: [
      { kind: 'route', to: '/#features', label: 'footer.features' },
      { kind: 'route', to: '/#pricing', label: 'footer.pricing' },
      { kind: 'route', to: '/dashboard', label: 'footer.dashboard' },
      { kind: 'route', to: '/salla', label: 'page.sallaTitle' },
    ],
  },
  {
    title: 'footer.support',
    links: [
      { kind: 'route', to: '/support', label: 'footer.customerSupport' },
      { kind: 'route', to: '/faq', label: 'footer.faq' },
      { kind: 'chat', label: 'landing.footer.chat' },
    ],
  },
  {
    title: 'footer.legal',
    links: [
      { kind: 'route', to: '/terms', label: 'footer.terms' },
      { kind: 'route', to: '/terms#privacy-policy', label: 'footer.privacy' },
    ],
  },
];

const footerLinkClass =
  'inline-flex min-h-11 items-center text-sm text-slate-700 transition hover:text-brand-700 sm:min-h-9';

function FooterLink({ entry, chatHref }: { entry: TFooterEntry; chatHref: string | null }) {
  const { t } = useI18n();
  switch (entry.kind) {
    case 'route':
      return (
        <Link to={entry.to} className={footerLinkClass}>
          {t(entry.label)}
        </Link>
      );
    case 'external':
    case 'chat': {
      const href = entry.kind === 'external' ? entry.href : chatHref;
      if (!href) return null;
      return (
        <a href={href} target="_blank" rel="noopener noreferrer" className={footerLinkClass}>
          {t(entry.label)}
          <span className="sr-only"> {t('landing.common.newTab')}</span>
        </a>
      );
    }
  }
}

export function Footer() {
  const { t } = useI18n();
  const { support_chat_url: chatHref } = usePublicConfig();
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
                {group.links
                  .filter((link) => link.kind !== 'chat' || chatHref)
                  .map((link) => (
                    <li key={link.label + (link.kind === 'route' ? link.to : '')}>
                      <FooterLink entry={link} chatHref={chatHref} />
                    </li>
                  ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-slate-200">
        <div className="mx-auto max-w-6xl px-4 py-5 text-center text-sm text-slate-600 sm:px-6">
          <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
          <CompanyIdentity className="mt-1" />
        </div>
      </div>
    </footer>
  );
}
