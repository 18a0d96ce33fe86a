import type { TLanguage } from '@app/shared';
import { useI18n } from '../i18n/useI18n';

/** Switches between Arabic and English; shows the other language by its own name. */
export function LanguageSwitch({ onSwitch, className = '' }: { onSwitch?: () => void; className?: string }) {
  const { t, lang, setLang } = useI18n();
  const other: TLanguage = lang === 'ar' ? 'en' : 'ar';
  const otherName = t(other === 'ar' ? 'language.ar' : 'language.en');
  return (
    <button
      type="button"
      onClick={() => {
        setLang(other);
        onSwitch?.();
      }}
      aria-label={t('language.switchTo', { language: otherName })}
      className={`inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-slate-700 transition hover:bg-slate-100 hover:text-slate-900 ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" />
      </svg>
      <span lang={other}>{otherName}</span>
    </button>
  );
}
