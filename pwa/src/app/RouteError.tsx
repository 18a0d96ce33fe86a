import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useI18n } from '../i18n/useI18n';
import { primaryButton } from '../ui/styles';

/** Shown when a page crashes or its code cannot be loaded (e.g. an old tab after a deploy). */
export function RouteError() {
  const { t } = useI18n();
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-4 text-center"
    >
      <h1 className="text-2xl font-bold text-slate-900">{t('error.title')}</h1>
      <p className="mt-3 text-base text-slate-700">{t('error.body')}</p>
      <button type="button" className={`${primaryButton} mt-6`} onClick={() => window.location.reload()}>
        {t('error.reload')}
      </button>
    </div>
  );
}

type TBoundaryProps = { children: ReactNode; resetKey: string };
type TBoundaryState = { failed: boolean; failedAt?: string };

/** Catches what a page throws while rendering (or loading its chunk) and shows RouteError until `resetKey` changes. */
export class RouteErrorBoundary extends Component<TBoundaryProps, TBoundaryState> {
  override state: TBoundaryState = { failed: false };

  static getDerivedStateFromError(): Partial<TBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: TBoundaryProps,
    state: TBoundaryState,
  ): Partial<TBoundaryState> | null {
    if (!state.failed) return null;
    // Remember where it failed; forget the failure once the visitor has gone elsewhere.
    if (state.failedAt === undefined) return { failedAt: props.resetKey };
    return props.resetKey === state.failedAt ? null : { failed: false, failedAt: undefined };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
