import { Link } from 'react-router';
import {
  ANNUAL_DISCOUNT,
  annualPrice,
  formatNumber,
  MONEY_BACK_DAYS,
  MONTHLY_PRICE_SAR,
  PLAN_LIMITS,
  TRIAL_DAYS,
} from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { primaryButton } from '../../../ui/styles';
import { Icon } from '../../marketing/components/Icon';
import { HEADING, NARROW_CONTAINER, PageHeader } from '../../marketing/components/Section';
import { useHashScroll } from '../../marketing/hooks/useHashScroll';
import { usePageMeta } from '../../marketing/hooks/usePageMeta';
import { SUPPORT_REPLY_HOURS } from '../../marketing/lib/contact';
import { FAQ_GROUPS } from '../lib/faq';

/** Every number an answer mentions, from the plan table. */
const ANSWER_PARAMS = {
  trialDays: TRIAL_DAYS,
  days: MONEY_BACK_DAYS,
  proHours: PLAN_LIMITS.pro.refreshHours,
  basicHours: PLAN_LIMITS.basic.refreshHours,
  percent: Math.round(ANNUAL_DISCOUNT * 100),
  basicAnnual: formatNumber(annualPrice(MONTHLY_PRICE_SAR.basic)),
  proAnnual: formatNumber(annualPrice(MONTHLY_PRICE_SAR.pro)),
};

/**
 * FAQ (product §2): general, technical, subscription and payment. Each answer is a native disclosure widget
 * (<details>/<summary>): keyboard and screen-reader support come with the element, and the answers are in the
 * page for search engines even while closed.
 */
export default function FaqPage() {
  const { t } = useI18n();
  const title = t('page.faqTitle');
  usePageMeta({
    title: t('landing.meta.titleTemplate', { page: title }),
    description: t('landing.meta.faqDescription'),
  });
  useHashScroll();

  return (
    <>
      <PageHeader title={title} lead={t('landing.faq.lead')}>
        <ul className="mt-8 flex flex-wrap justify-center gap-2">
          {FAQ_GROUPS.map((group) => (
            <li key={group.id}>
              <a
                href={`#${group.id}`}
                className="inline-flex min-h-11 items-center rounded-full bg-white px-5 text-sm font-semibold text-slate-700 shadow-sm ring-1 ring-slate-200 transition hover:text-brand-700 hover:ring-brand-700"
              >
                {t(group.title)}
              </a>
            </li>
          ))}
        </ul>
      </PageHeader>
      <div className={`${NARROW_CONTAINER} py-14 sm:py-20`}>
        <div className="flex flex-col gap-14">
          {FAQ_GROUPS.map((group) => (
            <section
              key={group.id}
              id={group.id}
              aria-labelledby={`${group.id}-title`}
              className="scroll-mt-24"
            >
              <h2 id={`${group.id}-title`} className={`text-2xl text-slate-900 sm:text-3xl ${HEADING}`}>
                {t(group.title)}
              </h2>
              <div className="mt-6 flex flex-col gap-3">
                {group.items.map((faq) => (
                  <details
                    key={faq.question}
                    className="group rounded-2xl border border-slate-200 bg-white transition open:border-brand-200 open:shadow-md open:shadow-slate-900/5"
                  >
                    <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-start text-base font-bold text-slate-900 sm:text-lg [&::-webkit-details-marker]:hidden">
                      {t(faq.question)}
                      <span className="grid size-8 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-700 transition group-open:rotate-45 group-open:bg-brand-50 group-open:text-brand-700">
                        <Icon name="cross" className="size-4 rotate-45" />
                      </span>
                    </summary>
                    <p className="px-5 pb-5 text-base leading-relaxed text-slate-700">
                      {t(faq.answer, ANSWER_PARAMS)}
                    </p>
                  </details>
                ))}
              </div>
            </section>
          ))}
        </div>

        <section
          aria-labelledby="faq-more"
          className="mt-16 flex flex-col items-center gap-3 rounded-3xl bg-brand-50 px-6 py-10 text-center ring-1 ring-brand-100"
        >
          <h2 id="faq-more" className={`text-2xl text-slate-900 ${HEADING}`}>
            {t('landing.faq.moreTitle')}
          </h2>
          <p className="text-base text-slate-700">
            {t('landing.faq.moreBody', { replyHours: SUPPORT_REPLY_HOURS })}
          </p>
          <Link to="/support" className={`${primaryButton} mt-3`}>
            {t('landing.faq.moreAction')}
          </Link>
        </section>
      </div>
    </>
  );
}
