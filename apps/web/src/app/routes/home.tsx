import type { SubscriptionPlan } from '@tradelist/contract/billing';
import type { UserGuideVideo } from '@tradelist/contract/guide';
import { LandingBelowTheFold } from '../../features/landing/components/below-the-fold';
import { ClosingCallToAction } from '../../features/landing/components/closing-call-to-action';
import { Hero } from '../../features/landing/components/hero';
import { HowItWorks } from '../../features/landing/components/how-it-works';
import { PricingSection } from '../../features/landing/components/pricing-section';
import { SoftwareLogos } from '../../features/landing/components/software-logos';
import { VideosSection } from '../../features/landing/components/videos-section';
import { WhySection } from '../../features/landing/components/why-section';

/** Route /: the landing page, in product §2.2's order, with the user guide's videos and the plans on sale. */
export function HomeRoute({ plans, videos }: { plans: readonly SubscriptionPlan[]; videos: readonly UserGuideVideo[] }) {
  return (
    <>
      <Hero />
      <SoftwareLogos />
      <WhySection />
      <HowItWorks />
      <VideosSection videos={videos} />
      <PricingSection plans={plans} />
      <ClosingCallToAction />
      <LandingBelowTheFold />
    </>
  );
}
