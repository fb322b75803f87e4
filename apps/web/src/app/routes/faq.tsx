import { FaqPage } from '../../features/landing/components/faq-page';

/** Route /faq. */
export function FaqRoute() {
  return <FaqPage />;
}
