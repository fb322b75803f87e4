import { MarketingPage } from '../../features/landing/components/marketing-page';

/** Route /marketing: the free-year draw. */
export function MarketingRoute() {
  return <MarketingPage />;
}
