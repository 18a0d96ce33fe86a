import type { ReactNode } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { Toaster } from 'sonner';
import type { TMessageKey } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { useAuth } from '../../auth/hooks/useAuth';
import { ADMIN_TOASTER_ID } from '../lib/admin-toast';
import { ArrowOutIcon, CastleIcon, CrownIcon, PeopleIcon, ScrollIcon } from './icons';

interface TAdminNavItem {
  to: string;
  label: TMessageKey;
  hint: TMessageKey;
  icon: (props: { className?: string }) => ReactNode;
}

/** Spec §2 admin sidebar: the royal decrees council, manage subjects, configure kingdom. */
const NAV_ITEMS: TAdminNavItem[] = [
  { to: '/admin/dashboard', label: 'admin.dashboardTitle', hint: 'admin.navDashboardHint', icon: ScrollIcon },
  { to: '/admin/users', label: 'admin.usersTitle', hint: 'admin.navUsersHint', icon: PeopleIcon },
  { to: '/admin/settings', label: 'admin.settingsTitle', hint: 'admin.navSettingsHint', icon: CastleIcon },
];

/**
 * The admin shell: a dark royal sidebar (a tab strip on phones), the page, and the admin's own toaster at
 * the top left (spec §9). It follows the app's language (Arabic by default) and offers no language
 * switch (spec §2).
 */
export function AdminLayout() {
  const { t, dir } = useI18n();
  const { user } = useAuth();

  return (
    <div className="min-h-dvh bg-slate-100/70 lg:flex">
      <aside className="relative overflow-hidden bg-slate-950 text-slate-100 lg:sticky lg:top-0 lg:flex lg:h-dvh lg:w-72 lg:shrink-0 lg:flex-col">
        {/* A soft royal glow behind the crest. */}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 start-[-20%] size-72 rounded-full bg-indigo-600/30 blur-3xl"
        />
        <div className="relative flex items-center gap-3 px-4 pt-4 pb-3 sm:px-6 lg:px-6 lg:pt-8 lg:pb-6">
          <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-amber-300 to-amber-500 text-slate-950 shadow-lg shadow-amber-500/20">
            <CrownIcon className="size-6" />
          </span>
          <div className="min-w-0">
            <p className="truncate text-lg font-extrabold tracking-tight text-white">
              {t('admin.courtName')}
            </p>
            <p className="truncate text-xs font-medium text-amber-200/80">{t('admin.courtTagline')}</p>
          </div>
          <Link
            to="/"
            className="ms-auto inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 text-sm font-medium text-slate-300 transition hover:bg-white/10 hover:text-white lg:hidden"
          >
            <ArrowOutIcon className="size-4 rtl:-scale-x-100" />
            <span className="sr-only sm:not-sr-only">{t('admin.backToSite')}</span>
          </Link>
        </div>

        <nav aria-label={t('admin.navLabel')} className="relative px-3 pb-3 lg:flex-1 lg:px-4">
          <ul className="grid grid-cols-3 gap-1.5 lg:flex lg:flex-col lg:gap-1">
            {NAV_ITEMS.map(({ to, label, hint, icon: NavIcon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    `flex h-full min-h-11 flex-col items-center justify-center gap-1 rounded-xl px-2 py-2 text-center text-xs leading-tight font-semibold transition lg:flex-row lg:justify-start lg:gap-3 lg:px-3 lg:py-2.5 lg:text-start lg:text-sm ${
                      isActive
                        ? 'bg-white/10 text-amber-200 ring-1 ring-amber-300/30'
                        : 'text-slate-300 hover:bg-white/5 hover:text-white'
                    }`
                  }
                >
                  <NavIcon className="size-5 shrink-0" />
                  <span className="flex min-w-0 flex-col">
                    <span>{t(label)}</span>
                    <span className="hidden text-xs font-normal text-slate-400 lg:block">{t(hint)}</span>
                  </span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="relative hidden border-t border-white/10 px-6 py-5 lg:block">
          {user ? (
            <p className="truncate text-xs text-slate-400" title={user.email}>
              {t('admin.signedInAs', { email: user.email })}
            </p>
          ) : null}
          <Link
            to="/"
            className="mt-3 inline-flex min-h-10 items-center gap-2 rounded-xl px-3 -ms-3 text-sm font-medium text-slate-300 transition hover:bg-white/10 hover:text-white"
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
