import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink } from './navigation';
import type { TMessageKey } from '@app/shared';
import { useI18n } from '../i18n/useI18n';
import { LogoMark } from '../ui/Logo';
import { primaryButton, secondaryButton } from '../ui/styles';
import { LanguageSwitch } from './LanguageSwitch';
import { useAuthState } from '../features/auth/hooks/useAuth';

interface TNavItem {
  to: string;
  label: TMessageKey;
  /** A section of the landing page rather than a page of its own. */
  section?: boolean;
}

const NAV_ITEMS: TNavItem[] = [
  { to: '/', label: 'nav.home' },
  { to: '/dashboard', label: 'nav.dashboard' },
  { to: '/#features', label: 'nav.features', section: true },
  { to: '/#pricing', label: 'nav.pricing', section: true },
  { to: '/support', label: 'nav.support' },
];

const MOBILE_MENU_ID = 'site-mobile-menu';

// Only a signed-in visitor sees the account menu: a first visit to the landing page does not download it.
const AccountMenu = lazy(() => import('./AccountMenu').then((module) => ({ default: module.AccountMenu })));

/** The sticky top bar: brand, navigation, language switch and the two calls to action (product §2). */
export function TopBar() {
  const { t } = useI18n();
  // Signed out (and while a session is being restored) the two calls to action, as prerendered.
  const { session } = useAuthState();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const linkClass = (mobile: boolean, current: boolean) => {
    const base = mobile
      ? 'flex min-h-12 items-center rounded-xl px-4 text-base font-medium'
      : 'inline-flex min-h-11 items-center rounded-xl px-3 text-sm font-medium';
    const tone = current
      ? 'bg-brand-50 text-brand-800'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900';
    return `${base} transition ${tone}`;
  };

  // Section links (/#features) are plain links: they are never "the current page".
  const renderNav = (mobile: boolean) =>
    NAV_ITEMS.map((item) => (
      <li key={item.to}>
        {item.section ? (
          <Link to={item.to} onClick={closeMenu} className={linkClass(mobile, false)}>
            {t(item.label)}
          </Link>
        ) : (
          <NavLink
            to={item.to}
            end
            onClick={closeMenu}
            className={({ isActive }) => linkClass(mobile, isActive)}
          >
            {t(item.label)}
          </NavLink>
        )}
      </li>
    ));

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link to="/" onClick={closeMenu} className="flex min-h-11 items-center gap-2.5 rounded-xl pe-2">
          <LogoMark />
          <span className="text-xl font-extrabold tracking-tight text-slate-900">{t('app.name')}</span>
        </Link>

        <nav aria-label={t('nav.main')} className="hidden flex-1 lg:block">
          <ul className="flex items-center justify-center gap-1">{renderNav(false)}</ul>
        </nav>

        <div className="ms-auto hidden items-center gap-2 lg:flex">
          <LanguageSwitch />
          {session ? (
            <Suspense fallback={null}>
              <AccountMenu variant="menu" />
            </Suspense>
          ) : (
            <>
              <Link to="/login" className={`${secondaryButton} min-h-10 px-4 py-2 text-sm`}>
                {t('nav.login')}
              </Link>
              <Link to="/login" className={`${primaryButton} min-h-10 px-4 py-2 text-sm`}>
                {t('nav.getStarted')}
              </Link>
            </>
          )}
        </div>

        <button
          type="button"
          className="ms-auto inline-grid size-11 place-items-center rounded-xl text-slate-800 hover:bg-slate-100 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            {menuOpen ? (
              <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
            )}
          </svg>
        </button>
      </div>

      <div id={MOBILE_MENU_ID} hidden={!menuOpen} className="border-t border-slate-200 bg-white lg:hidden">
        <nav aria-label={t('nav.main')} className="mx-auto max-w-6xl px-4 py-3 sm:px-6">
          <ul className="flex flex-col gap-1">{renderNav(true)}</ul>
          <div className="mt-3 flex flex-col gap-2 border-t border-slate-200 pt-3">
            <LanguageSwitch onSwitch={closeMenu} className="justify-center" />
            {session ? (
              <Suspense fallback={null}>
                <AccountMenu variant="list" onNavigate={closeMenu} />
              </Suspense>
            ) : (
              <>
                <Link to="/login" onClick={closeMenu} className={`${secondaryButton} w-full`}>
                  {t('nav.login')}
                </Link>
                <Link to="/login" onClick={closeMenu} className={`${primaryButton} w-full`}>
                  {t('nav.getStarted')}
                </Link>
              </>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
