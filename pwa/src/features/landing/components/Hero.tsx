import { Link } from '../../../app/navigation';
import { TRIAL_DAYS, type TMessageKey } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { primaryButton, secondaryButton } from '../../../ui/styles';
import { Icon, type TIconName } from '../../marketing/components/Icon';
import { CONTAINER, GLOW, HEADING } from '../../marketing/components/Section';

/** Nine sample posts drawn for Lamha (scripts/generate-marketing-images.mjs); nothing here is anyone's photo. */
const SAMPLE_POSTS = Array.from({ length: 9 }, (_, index) => `/marketing/sample-${index + 1}.webp`);

const HIGHLIGHTS: { label: TMessageKey; image: string }[] = [
  { label: 'landing.hero.sampleHighlightNew', image: SAMPLE_POSTS[0]! },
  { label: 'landing.hero.sampleHighlightOud', image: SAMPLE_POSTS[5]! },
  { label: 'landing.hero.sampleHighlightGifts', image: SAMPLE_POSTS[2]! },
  { label: 'landing.hero.sampleHighlightReviews', image: SAMPLE_POSTS[4]! },
];

const PLATFORMS: { label: TMessageKey; icon: TIconName; tone: string }[] = [
  { label: 'landing.platform.salla', icon: 'bag', tone: 'bg-teal-50 text-teal-800' },
  { label: 'landing.platform.zid', icon: 'store', tone: 'bg-violet-50 text-violet-800' },
  { label: 'landing.platform.any', icon: 'code', tone: 'bg-slate-100 text-slate-700' },
];

/** A store page with the Lamha widget on it, built from the same parts as the real widget. */
function WidgetPreview() {
  const { t } = useI18n();
  return (
    <div className="relative mx-auto w-full max-w-md lg:max-w-lg">
      <div
        aria-hidden="true"
        className="absolute -inset-4 rounded-[2.5rem] bg-brand-gradient-soft opacity-25 blur-3xl"
      />
      <div
        role="img"
        aria-label={t('landing.hero.previewLabel')}
        className="relative overflow-hidden rounded-3xl border border-slate-200/80 bg-white shadow-2xl shadow-slate-900/10"
      >
        <div className="flex items-center gap-3 border-b border-slate-100 bg-slate-50 px-4 py-3" dir="ltr">
          <span className="flex gap-1.5">
            <span className="size-2.5 rounded-full bg-red-300" />
            <span className="size-2.5 rounded-full bg-amber-300" />
            <span className="size-2.5 rounded-full bg-emerald-300" />
          </span>
          <span className="flex-1 truncate rounded-lg bg-white px-3 py-1 text-center text-xs text-slate-500">
            your-store.sa
          </span>
        </div>
        <div className="p-4 sm:p-6">
          <p className="text-center text-sm font-bold text-slate-800">{t('landing.hero.sampleTitle')}</p>
          <div className="mt-4 flex items-center gap-3 rounded-2xl border border-slate-100 bg-slate-50/60 p-3">
            <span className="rounded-full bg-brand-gradient-soft p-[2px]">
              <img
                src={SAMPLE_POSTS[0]}
                alt=""
                width="44"
                height="44"
                decoding="async"
                className="size-11 rounded-full border-2 border-white object-cover"
              />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-bold text-slate-900">
                {t('landing.hero.sampleStore')}
              </span>
              <span className="block truncate text-xs text-slate-500">
                {t('landing.hero.sampleFollowers')}
              </span>
            </span>
            <span className="rounded-lg bg-slate-900 px-3 py-1.5 text-xs font-semibold text-white">
              {t('landing.hero.sampleFollow')}
            </span>
          </div>
          <div className="mt-4 flex justify-around gap-2">
            {HIGHLIGHTS.map((highlight) => (
              <span key={highlight.label} className="flex flex-col items-center gap-1.5">
                <span className="rounded-full bg-brand-gradient-soft p-[2px]">
                  <img
                    src={highlight.image}
                    alt=""
                    width="52"
                    height="52"
                    decoding="async"
                    className="size-12 rounded-full border-2 border-white object-cover sm:size-13"
                  />
                </span>
                <span className="text-xs font-medium text-slate-600">{t(highlight.label)}</span>
              </span>
            ))}
          </div>
          <div className="mt-5 grid grid-cols-3 gap-1.5 sm:gap-2">
            {SAMPLE_POSTS.map((src) => (
              <img
                key={src}
                src={src}
                alt=""
                width="160"
                height="160"
                decoding="async"
                className="aspect-square w-full rounded-lg object-cover sm:rounded-xl"
              />
            ))}
          </div>
        </div>
      </div>
      <div
        aria-hidden="true"
        className="absolute -bottom-5 start-4 flex items-center gap-2.5 rounded-2xl border border-slate-100 bg-white px-4 py-3 text-sm font-semibold text-slate-800 shadow-xl shadow-slate-900/10 sm:-start-6"
      >
        <span className="grid size-7 place-items-center rounded-full bg-emerald-100 text-emerald-700">
          <Icon name="refresh" className="size-4" />
        </span>
        {t('landing.hero.sampleUpdated')}
      </div>
    </div>
  );
}

export function Hero() {
  const { t } = useI18n();
  const promises = [
    t('landing.hero.trialDays', { trialDays: TRIAL_DAYS }),
    t('landing.hero.noCard'),
    t('landing.hero.cancelAnytime'),
  ];
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div aria-hidden="true" className={`absolute inset-0 ${GLOW}`} />
      <div
        className={`${CONTAINER} relative grid items-center gap-14 pb-20 pt-12 sm:pt-16 lg:grid-cols-[1.1fr_1fr] lg:gap-16 lg:pb-28 lg:pt-20`}
      >
        <div className="text-center lg:text-start">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white/80 px-4 py-1.5 text-sm font-semibold text-brand-800 shadow-sm">
            <span aria-hidden="true" className="size-2 rounded-full bg-brand-gradient-soft" />
            {t('landing.hero.eyebrow')}
          </p>
          <h1
            id="hero-title"
            className={`mx-auto mt-6 max-w-2xl text-4xl text-slate-900 sm:text-5xl lg:mx-0 lg:text-[3.5rem] ${HEADING}`}
          >
            {t('page.landingTitle')}
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg leading-relaxed text-slate-600 sm:text-xl sm:leading-relaxed lg:mx-0">
            {t('landing.hero.subtitle')}
          </p>
          <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Link
              to="/login"
              className={`${primaryButton} min-h-12 px-7 text-lg shadow-lg shadow-brand-700/20`}
            >
              {t('landing.hero.primaryCta')}
            </Link>
            <Link to="/#pricing" className={`${secondaryButton} min-h-12 px-7 text-lg`}>
              {t('landing.hero.secondaryCta')}
            </Link>
          </div>
          <ul className="mt-6 flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm font-medium text-slate-600 lg:justify-start">
            {/* On a phone the last promise always starts the second line: whether all three fit on one line
                depends on the font's width, and the web font arriving must not reflow the hero. */}
            {promises.map((promise, index) => (
              <li
                key={promise}
                className={`inline-flex items-center gap-1.5 ${index === promises.length - 1 ? 'max-sm:basis-full max-sm:justify-center' : ''}`}
              >
                <Icon name="check" className="size-4 text-emerald-600" />
                {promise}
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-col items-center gap-3 sm:flex-row sm:justify-center lg:justify-start">
            <p className="text-sm font-semibold text-slate-500">{t('landing.hero.worksWith')}</p>
            <ul className="flex flex-wrap justify-center gap-2">
              {PLATFORMS.map((platform) => (
                <li
                  key={platform.label}
                  className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white py-1.5 pe-4 ps-1.5 text-sm font-bold text-slate-800 shadow-sm"
                >
                  <span className={`grid size-7 place-items-center rounded-full ${platform.tone}`}>
                    <Icon name={platform.icon} className="size-4" />
                  </span>
                  {t(platform.label)}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <WidgetPreview />
      </div>
    </section>
  );
}
