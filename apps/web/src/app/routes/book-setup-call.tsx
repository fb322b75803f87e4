import { BookSetupCallPage } from '../../features/landing/components/book-setup-call-page';

/** Route /book-setup-call. */
export function BookSetupCallRoute() {
  return <BookSetupCallPage />;
}
