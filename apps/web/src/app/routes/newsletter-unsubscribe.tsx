import { useParams } from 'react-router';
import { UnsubscribePage } from '../../features/landing/components/unsubscribe-page';

/** Route /newsletter/unsubscribe/:token: the newsletter email's link. */
export function NewsletterUnsubscribeRoute() {
  const { token = '' } = useParams();
  return <UnsubscribePage token={token} />;
}
