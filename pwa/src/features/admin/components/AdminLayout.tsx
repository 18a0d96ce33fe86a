import type { ReactNode } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { Toaster } from 'sonner';
import type { TMessageKey } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { useAuth } from '../../auth/hooks/useAuth';
import { ADMIN_TOASTER_ID } from '../lib/admin-toast';
import { LanguageSwitch } from '../../../app/LanguageSwitch';
import { LogoMark } from '../../../ui/Logo';
import { ArrowOutIcon, GaugeIcon, GearIcon, PeopleIcon } from './icons';

interface TAdminNavItem {
  to: string;
  label: TMessageKey;
  hint: TMessageKey;
  icon: (props: { className?: string }) => ReactNode;
}

/** The admin sections: overview (cache), users, settings. */
const NAV_ITEMS: TAdminNavItem[] = [
  { to: '/admin/dashboard', label: 'admin.dashboardTitle', hint: 'admin.navDashboardHint', icon: GaugeIcon },
  { to: '/admin/users', label: 'admin.usersTitle', hint: 'admin.navUsersHint', icon: PeopleIcon },
  { to: '/admin/settings', label: 'admin.settingsTitle', hint: 'admin.navSettingsHint', icon: GearIcon },
];

/**
 * The admin shell: a plain sidebar (a tab strip on phones) with the product's mark, the language switch
 * and the way back to the site, the page, and the admin's own toaster at the top left (product §9).
 */
export function AdminLayout() {
  const { t, dir } = useI18n();
  const { user } = useAuth();

  return (
    <div className="min-h-dvh bg-slate-50 lg:flex">
      <aside className="border-b border-slate-200 bg-white text-slate-800 lg:sticky lg:top-0 lg:flex lg:h-dvh lg:w-72 lg:shrink-0 lg:flex-col lg:border-b-0 lg:border-e">
        <div className="flex items-center gap-3 px-4 pt-4 pb-3 sm:px-6 lg:px-6 lg:pt-8 lg:pb-6">
          <LogoMark className="size-10 shrink-0" />
          <div className="min-w-0">
            <p className="truncate text-lg font-extrabold tracking-tight text-slate-900">
              {t('admin.courtName')}
            </p>
            <p className="truncate text-xs font-medium text-slate-600">{t('admin.courtTagline')}</p>
          </div>
          <LanguageSwitch className="ms-auto lg:hidden" />
          <Link
            to="/"
            className="inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 text-sm font-medium text-slate-700 transition hover:bg-slate-100 hover:text-slate-900 lg:hidden"
          >
            <ArrowOutIcon className="size-4 rtl:-scale-x-100" />
            <span className="sr-only sm:not-sr-only">{t('admin.backToSite')}</span>
          </Link>
        </div>

        <nav aria-label={t('admin.navLabel')} className="px-3 pb-3 lg:flex-1 lg:px-4">
          <ul className="grid grid-cols-3 gap-1.5 lg:flex lg:flex-col lg:gap-1">
            {NAV_ITEMS.map(({ to, label, hint, icon: NavIcon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    `flex h-full min-h-11 flex-col items-center justify-center gap-1 rounded-xl px-2 py-2 text-center text-xs leading-tight font-semibold transition lg:flex-row lg:justify-start lg:gap-3 lg:px-3 lg:py-2.5 lg:text-start lg:text-sm ${
                      isActive
                        ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-200'
                        : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                    }`
                  }
                >
                  <NavIcon className="size-5 shrink-0" />
                  <span className="flex min-w-0 flex-col">
                    <span>{t(label)}</span>
                    <span className="hidden text-xs font-normal text-slate-600 lg:block">{t(hint)}</span>
                  </span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden border-t border-slate-200 px-6 py-5 lg:block">
          {user ? (
            <p className="truncate text-xs text-slate-600" title={user.email}>
              {t('admin.signedInAs', { email: user.email })}
            </p>
          ) : null}
          <LanguageSwitch className="mt-3 -ms-3" />
          <Link
            to="/"
            className="mt-1 flex min-h-10 w-fit items-center gap-2 rounded-xl px-3 -ms-3 text-sm font-medium text-slate-700 transition hover:bg-slate-100 hover:text-slate-900"
          >
            <ArrowOutIcon className="size-4 rtl:-scale-x-100" />
            {t('admin.backToSite')}
          </Link>
        </div>
      </aside>

      <main id="main" className="min-w-0 flex-1">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-8 lg:py-10">
          <Outlet />
        </div>
      </main>

      <Toaster
        id={ADMIN_TOASTER_ID}
        dir={dir}
        position="top-left"
        richColors
        closeButton
        toastOptions={{ closeButtonAriaLabel: t('admin.closeToast') }}
      />
    </div>
  );
}
