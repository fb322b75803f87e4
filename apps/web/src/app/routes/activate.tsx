import { useParams } from 'react-router';
import { ActivateAccount } from '../../features/auth/components/activate-account';
import { AuthCard } from '../../features/auth/components/auth-card';
import { NotFoundRoute } from './not-found';

/** Route /activate/:uid/:token. */
export function ActivateRoute() {
  const { uid, token } = useParams();
  if (!uid || !token) return <NotFoundRoute />;
  return (
    <AuthCard title="Account activation">
      <ActivateAccount uid={uid} token={token} />
    </AuthCard>
  );
}
