import { ClosingCallToAction } from '../../features/landing/components/closing-call-to-action';
import { Hero } from '../../features/landing/components/hero';
import { PricingSection } from '../../features/landing/components/pricing-section';
import { WhySection } from '../../features/landing/components/why-section';

/** Route /: the landing page. */
export function HomeRoute() {
  return (
    <>
      <title>Tradelist | Contractor price lists updated monthly</title>
      <Hero />
      <WhySection />
      <PricingSection />
      <ClosingCallToAction />
    </>
  );
}
