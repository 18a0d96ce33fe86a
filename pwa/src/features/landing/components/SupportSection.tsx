import { useI18n } from '../../../i18n/useI18n';
import { SupportCards } from '../../marketing/components/SupportCards';
import { BELOW_FOLD, CONTAINER, SectionHeading } from '../../marketing/components/Section';
import { SUPPORT_REPLY_HOURS } from '../../marketing/lib/contact';

export function SupportSection() {
  const { t } = useI18n();
  return (
    <section
      id="support"
      aria-labelledby="support-title"
      className={`scroll-mt-20 py-20 sm:py-28 ${BELOW_FOLD}`}
    >
      <div className={CONTAINER}>
        <SectionHeading
          id="support-title"
          eyebrow={t('landing.support.eyebrow')}
          title={t('landing.support.title')}
          subtitle={t('landing.support.subtitle', { replyHours: SUPPORT_REPLY_HOURS })}
        />
        <div className="mt-14">
          <SupportCards />
        </div>
      </div>
    </section>
  );
}
