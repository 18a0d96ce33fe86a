import { useI18n } from '../../../i18n/useI18n';

const BRAND = '#be185d';

/** A phone outline with its status bar; the screen's drawing goes inside. */
function Phone({ children }: { children: React.ReactNode }) {
  return (
    <svg viewBox="0 0 90 160" className="h-36 w-auto shrink-0 rtl:-scale-x-100" aria-hidden="true">
      <rect x="2" y="2" width="86" height="156" rx="14" fill="#fff" stroke="#cbd5e1" strokeWidth="2.5" />
      <rect x="34" y="8" width="22" height="4" rx="2" fill="#e2e8f0" />
      {children}
    </svg>
  );
}

/** Step 1: the profile, with the menu (three lines) at the top corner ringed. */
const ProfileScreen = () => (
  <Phone>
    <rect x="12" y="22" width="34" height="5" rx="2.5" fill="#334155" />
    <g stroke="#334155" strokeWidth="2.5" strokeLinecap="round">
      <path d="M66 22h10M66 26.5h10M66 31h10" />
    </g>
    <circle cx="71" cy="26.5" r="9.5" fill="none" stroke={BRAND} strokeWidth="2.5" />
    <circle cx="24" cy="52" r="12" fill="#f1f5f9" stroke="#cbd5e1" strokeWidth="2" />
    <rect x="42" y="46" width="36" height="4" rx="2" fill="#cbd5e1" />
    <rect x="42" y="55" width="26" height="4" rx="2" fill="#e2e8f0" />
    {[0, 1, 2].flatMap((row) =>
      [0, 1, 2].map((col) => (
        <rect
          key={`${row}${col}`}
          x={12 + col * 23}
          y={78 + row * 23}
          width="20"
          height="20"
          rx="2"
          fill="#f1f5f9"
        />
      )),
    )}
  </Phone>
);

/** Step 2: the settings list with "Switch to professional account" highlighted. */
const SettingsScreen = () => (
  <Phone>
    <rect x="12" y="22" width="44" height="5" rx="2.5" fill="#334155" />
    {[0, 1, 2, 3, 4].map((i) => (
      <g key={i}>
        <circle cx="18" cy={46 + i * 20} r="4" fill={i === 3 ? BRAND : '#cbd5e1'} />
        <rect
          x="27"
          y={44 + i * 20}
          width={i === 3 ? 48 : 38 - i * 3}
          height="4"
          rx="2"
          fill={i === 3 ? BRAND : '#cbd5e1'}
        />
      </g>
    ))}
    <rect x="8" y="97" width="74" height="18" rx="6" fill="none" stroke={BRAND} strokeWidth="2.5" />
  </Phone>
);

/** Step 3: two account types, the business one chosen. */
const ChoiceScreen = () => (
  <Phone>
    <rect x="12" y="22" width="50" height="5" rx="2.5" fill="#334155" />
    <rect x="10" y="40" width="70" height="30" rx="7" fill="#fdf2f8" stroke={BRAND} strokeWidth="2.5" />
    <rect x="18" y="50" width="30" height="4" rx="2" fill={BRAND} />
    <circle cx="69" cy="55" r="6" fill={BRAND} />
    <path d="m66 55 2.2 2.2 4-4.2" fill="none" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
    <rect x="10" y="78" width="70" height="30" rx="7" fill="#fff" stroke="#cbd5e1" strokeWidth="2" />
    <rect x="18" y="88" width="26" height="4" rx="2" fill="#cbd5e1" />
    <circle cx="69" cy="93" r="6" fill="none" stroke="#cbd5e1" strokeWidth="2" />
    <rect x="10" y="132" width="70" height="14" rx="7" fill={BRAND} />
  </Phone>
);

const STEPS = [
  { Screen: ProfileScreen, text: 'dashboard.howto.proStep1' },
  { Screen: SettingsScreen, text: 'dashboard.howto.proStep2' },
  { Screen: ChoiceScreen, text: 'dashboard.howto.proStep3' },
] as const;

/**
 * How to switch an Instagram account to a professional one, in three pictured steps in the Instagram
 * app: shown with the "not a business or creator account" error (issue 18 item 7). The drawings hold no
 * words, so they serve both languages (mirrored in Arabic, as the app is).
 */
export function ProfessionalAccountHowTo() {
  const { t } = useI18n();
  return (
    <section
      aria-labelledby="pro-howto-title"
      data-testid="professional-howto"
      className="mt-3 rounded-2xl border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id="pro-howto-title" className="text-sm font-bold text-slate-900">
        {t('dashboard.howto.proTitle')}
      </h3>
      <ol className="mt-3 grid gap-4 sm:grid-cols-3">
        {STEPS.map(({ Screen, text }, i) => (
          <li key={text} className="flex items-start gap-3 sm:flex-col sm:items-center sm:text-center">
            <Screen />
            <p className="text-sm leading-relaxed text-slate-700">
              <span className="me-1 inline-grid size-5 place-items-center rounded-full bg-brand-700 text-xs font-bold text-white">
                {i + 1}
              </span>
              {t(text)}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
