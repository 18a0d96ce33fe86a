import { useEffect, useId, useRef, useState } from 'react';
import { Link } from './navigation';
import { useI18n } from '../i18n/useI18n';
import { useAuthState, useLoadedAuthClient } from '../features/auth/hooks/useAuth';
import { secondaryButton } from '../ui/styles';

/**
 * Signs out from the site's pages as the dashboard does: the session, this device's copy of the merchant's
 * data and the cached API answers. Loaded on click: the landing page's first load does not carry it.
 */
export async function signOutEverywhereHere(signOut: () => Promise<void>): Promise<void> {
  await signOut();
  const [{ clearLocalData }, { clearApiCaches }] = await Promise.all([
    import('../db'),
    import('../features/pwa/lib/service-worker'),
  ]);
  await Promise.all([clearLocalData(), clearApiCaches()]);
}

const item =
  'flex min-h-11 w-full items-center rounded-lg px-3 text-start text-sm font-semibold text-slate-800 hover:bg-slate-100';

/**
 * The signed-in visitor's menu in the top bar (instead of "Login / Get started"): the dashboard, the admin
 * area for admins, and signing out. `variant="list"` is the phone menu's flat list.
 */
export function AccountMenu({ variant, onNavigate }: { variant: 'menu' | 'list'; onNavigate?: () => void }) {
  const { t } = useI18n();
  const { user } = useAuthState();
  const client = useLoadedAuthClient();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  if (!user) return null;
  const close = () => {
    setOpen(false);
    onNavigate?.();
  };
  const logout = async () => {
    if (!client) return;
    setLeaving(true);
    try {
      await signOutEverywhereHere(() => client.signOut());
    } finally {
      setLeaving(false);
      close();
    }
  };
  const entries = (
    <>
      <li>
        <Link to="/dashboard" className={item} onClick={close}>
          {t('nav.dashboard')}
        </Link>
      </li>
      {user.is_admin ? (
        <li>
          <Link to="/admin" className={item} onClick={close}>
            {t('nav.admin')}
          </Link>
        </li>
      ) : null}
      <li>
        <button
          type="button"
          className={`${item} text-red-800 hover:bg-red-50`}
          disabled={leaving || !client}
          onClick={() => void logout()}
        >
          {t('nav.logout')}
        </button>
      </li>
    </>
  );

  if (variant === 'list') {
    return (
      <div className="flex flex-col gap-1">
        <ul aria-label={t('nav.accountMenu')} className="flex flex-col gap-1">
          {entries}
        </ul>
      </div>
    );
  }

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        className={`${secondaryButton} min-h-10 gap-2 px-3 py-2 text-sm`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        data-testid="account-menu"
      >
        <span
          aria-hidden="true"
          className="grid size-6 place-items-center rounded-full bg-brand-50 text-xs font-bold uppercase text-brand-800"
        >
          {user.email.slice(0, 1)}
        </span>
        {t('nav.account')}
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute end-0 top-full z-50 mt-2 w-60 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
      >
        <ul aria-label={t('nav.accountMenu')} className="flex flex-col gap-1">
          {entries}
        </ul>
      </div>
    </div>
  );
}
