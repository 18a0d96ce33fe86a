import { TRIAL_DAYS } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { usePageMeta } from '../../marketing/hooks/usePageMeta';
import { useHashScroll } from '../../marketing/hooks/useHashScroll';
import { FeaturesSection } from './FeaturesSection';
import { FinalCtaSection } from './FinalCtaSection';
import { GuaranteeSection } from './GuaranteeSection';
import { Hero } from './Hero';
import { HowItWorksSection } from './HowItWorksSection';
import { PricingSection } from './PricingSection';
import { SupportSection } from './SupportSection';
import { TestimonialsSection } from './TestimonialsSection';

/**
 * The landing page (spec §2): hero, features, how it works, guarantee, pricing, support, testimonials and a
 * final call to action, in that order. Signed-in visitors see it too (with their account menu in the
 * top bar), and sign-in links that land here are forwarded to /auth/callback first (ForwardSignInParams).
 */
export default function LandingPage() {
  const { t } = useI18n();
  usePageMeta({
    title: t('landing.meta.homeTitle'),
    description: t('landing.meta.homeDescription', { trialDays: TRIAL_DAYS }),
  });
  useHashScroll();
  return (
    <>
      <Hero />
      <FeaturesSection />
      <HowItWorksSection />
      <GuaranteeSection />
      <PricingSection />
      <SupportSection />
      <TestimonialsSection />
      <FinalCtaSection />
    </>
  );
}
