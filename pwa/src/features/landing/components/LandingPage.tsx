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
import { ShowcaseSection } from './ShowcaseSection';
import { SupportSection } from './SupportSection';

/**
 * The landing page (product §2): hero, features, the product as it really looks (in place of testimonials
 * until real merchants' words exist), how it works, guarantee, pricing, support and a final call to action. Signed-in visitors see it too (with their account menu in the
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
      <ShowcaseSection />
      <HowItWorksSection />
      <GuaranteeSection />
      <PricingSection />
      <SupportSection />
      <FinalCtaSection />
    </>
  );
}
