import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { userGuideVideosQueryOptions } from '../../features/guide';
import { ClosingCallToAction } from '../../features/landing/components/closing-call-to-action';
import { Hero } from '../../features/landing/components/hero';
import { HowItWorks } from '../../features/landing/components/how-it-works';
import { PricingSection } from '../../features/landing/components/pricing-section';
import { SoftwareLogos } from '../../features/landing/components/software-logos';
import { VideosSection } from '../../features/landing/components/videos-section';
import { WhySection } from '../../features/landing/components/why-section';

// Its own chunk: the slider, the newsletter form and the rest below the pricing cards.
const LandingBelowTheFold = lazy(async () => ({ default: (await import('../lazy/landing-below-the-fold')).LandingBelowTheFold }));

/** Route /: the landing page, in product §2.2's order. */
export function HomeRoute() {
  const videos = useQuery(userGuideVideosQueryOptions);
  return (
    <>
      <title>Tradelist | Contractor price lists updated monthly</title>
      <Hero />
      <SoftwareLogos />
      <WhySection />
      <HowItWorks />
      <VideosSection videos={videos.isError ? [] : videos.data} />
      <PricingSection />
      <ClosingCallToAction />
      <Suspense fallback={null}>
        <LandingBelowTheFold />
      </Suspense>
    </>
  );
}
