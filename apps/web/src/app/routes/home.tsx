import type { SubscriptionPlan } from '@tradelist/contract/billing';
import { LandingBelowTheFold } from '../../features/landing/components/below-the-fold';
import { ClosingCallToAction } from '../../features/landing/components/closing-call-to-action';
import { Hero } from '../../features/landing/components/hero';
import { HowItWorks } from '../../features/landing/components/how-it-works';
import { PricingSection } from '../../features/landing/components/pricing-section';
import { SoftwareLogos } from '../../features/landing/components/software-logos';
import { WhySection } from '../../features/landing/components/why-section';

/** Route /: the landing page, in product §2.2's order, with the plans on sale. */
export function HomeRoute({ plans }: { plans: readonly SubscriptionPlan[] }) {
  return (
    <>
      <Hero />
      <SoftwareLogos />
      <WhySection />
      <HowItWorks />
      <PricingSection plans={plans} />
      <ClosingCallToAction />
      <LandingBelowTheFold />
    </>
  );
}
