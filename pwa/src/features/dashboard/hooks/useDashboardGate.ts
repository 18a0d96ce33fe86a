import { useEffect, useState } from 'react';
import {
  adoptOrphans,
  claimEditorId,
  isPersistent,
  lastSignedInUser,
  openLocalData,
  readMerchant,
  refreshLiveEditors,
  rememberSignedInUser,
  resetInFlight,
} from '../../../db';
import { useAuth } from '../../auth/hooks/useAuth';
import { isUnreachable } from '../../auth/lib/api-request';
import { hasSignedInHint } from '../../auth/lib/signed-in-hint';
import { useOnlineStatus } from '../../pwa/hooks/useOnlineStatus';

export type TDashboardGate =
  | { kind: 'loading' }
  | { kind: 'redirect' }
  /** `signedIn` false: offline, working from this device's copy until the session can be restored. */
  | { kind: 'ready'; userId: string; editorId: string; signedIn: boolean; persistent: boolean };

/**
 * product §4: loading, then the merchant, or no session → /login. One addition for offline use: when the
 * session cannot be restored because there is no connection (not because the server refused it), the
 * dashboard opens with the copy this device kept for the last merchant signed in here, and restores the
 * session as soon as the connection returns.
 */
export function useDashboardGate(): TDashboardGate {
  const { client, status, user } = useAuth();
  const online = useOnlineStatus();
  const [editorId, setEditorId] = useState<string>();
  const [offlineUser, setOfflineUser] = useState<string | null>();
  const [preparedFor, setPreparedFor] = useState<string>();

  useEffect(() => {
    let live = true;
    void openLocalData()
      .then(() => claimEditorId())
      .then((id) => live && setEditorId(id));
    return () => {
      live = false;
    };
  }, []);

  const userId = user?.id ?? offlineUser ?? undefined;

  // Signed out: because the server said so (→ /login), or because it cannot be reached (→ this device's copy).
  useEffect(() => {
    if (status !== 'ready' || user) return;
    let live = true;
    void (async () => {
      if (navigator.onLine) {
        // Without the hint cookie there is no session to restore, and no reason to ask.
        if (!hasSignedInHint()) return live && setOfflineUser(null);
        const retried = await client.refreshSession();
        if (retried.ok) return;
        if (!isUnreachable(retried.failure)) return live && setOfflineUser(null);
      }
      await openLocalData();
      const cachedUser = await lastSignedInUser();
      const cached = cachedUser ? await readMerchant(cachedUser) : undefined;
      if (live) setOfflineUser(cached ? cachedUser! : null);
    })();
    return () => {
      live = false;
    };
  }, [status, user, client]);

  // Back online while working from the local copy: restore the session (or give up and go to /login).
  useEffect(() => {
    if (user || !offlineUser || !online) return;
    void client.refreshSession().then((result) => {
      if (!result.ok && !isUnreachable(result.failure)) setOfflineUser(null);
    });
  }, [user, offlineUser, online, client]);

  // Once per user and tab: remember who signed in here, take over closed tabs' leftovers.
  useEffect(() => {
    if (!userId || !editorId || preparedFor === userId) return;
    let live = true;
    void (async () => {
      if (user) await rememberSignedInUser(user.id);
      await resetInFlight(editorId);
      await adoptOrphans(userId, editorId, await refreshLiveEditors());
      if (live) setPreparedFor(userId);
    })();
    return () => {
      live = false;
    };
  }, [userId, editorId, user, preparedFor]);

  if (status === 'loading') return { kind: 'loading' };
  if (!user && offlineUser === null) return { kind: 'redirect' };
  if (!editorId) return { kind: 'loading' };
  if (!userId || preparedFor !== userId) return { kind: 'loading' };
  return { kind: 'ready', userId, editorId, signedIn: Boolean(user), persistent: isPersistent() };
}
