import type { ReactNode } from 'react';
import { useI18n } from '../../../i18n/useI18n';
import { primaryButton, secondaryButton } from '../../../ui/styles';
import { Card } from '../../../ui/controls';

/** What a content tab shows while it has nothing of its own to show. */
export type TTabState =
  | { kind: 'loading'; message: string }
  /** Loading failed: the message and "Try again" (disabled while the server cannot be reached). */
  | { kind: 'failed'; message: string; onRetry: () => void; canRetry?: boolean }
  /** The tab needs something done elsewhere first, e.g. an Instagram account linked. */
  | { kind: 'needs'; message: string; action: string; onAction: () => void };

/**
 * The card the Posts, Highlights and Insights tabs show while loading, after a failed load, or before they
 * can work: the tab's own title, an optional control above the message (Insights' period), then the state.
 */
export function TabStateCard({
  title,
  subtitle,
  above,
  state,
}: {
  title: string;
  subtitle?: string;
  above?: ReactNode;
  state: TTabState;
}) {
  const { t } = useI18n();
  return (
    <Card title={title} subtitle={subtitle}>
      {above}
      {state.kind === 'loading' ? (
        <p role="status" className="text-sm text-slate-600">
          {state.message}
        </p>
      ) : state.kind === 'failed' ? (
        <>
          <p role="alert" className="mb-4 text-sm text-red-800">
            {state.message}
          </p>
          <button
            type="button"
            className={secondaryButton}
            onClick={state.onRetry}
            disabled={state.canRetry === false}
          >
            {t('dashboard.retry')}
          </button>
        </>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-600">{state.message}</p>
          <button type="button" className={primaryButton} onClick={state.onAction}>
            {state.action}
          </button>
        </>
      )}
    </Card>
  );
}
