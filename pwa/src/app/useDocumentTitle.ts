import { useEffect } from 'react';
import { useI18n } from '../i18n/useI18n';

/**
 * The tab's title names the page ("Sign in | Lamha", "Users | Lamha"), in the page's language; the site's
 * own title comes back when the page is left. Marketing pages set theirs with usePageMeta.
 */
export function useDocumentTitle(page: string | null | undefined): void {
  const { t } = useI18n();
  const title = page ? t('landing.meta.titleTemplate', { page }) : null;
  const siteTitle = t('app.title');
  useEffect(() => {
    if (!title) return;
    document.title = title;
    return () => {
      document.title = siteTitle;
    };
  }, [title, siteTitle]);
}
