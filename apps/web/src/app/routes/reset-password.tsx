import { useParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { NotFoundRoute } from './not-found';

/** Route /reset-password/:uid/:token. */
export function ResetPasswordRoute() {
  const { uid, token } = useParams();
  if (!uid || !token) return <NotFoundRoute />;
  return (
    <AuthCard title="Choose a new password" subtitle="Enter your new password twice.">
      <ResetPasswordForm uid={uid} token={token} />
    </AuthCard>
  );
}
