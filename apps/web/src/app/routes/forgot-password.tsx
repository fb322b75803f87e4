import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

/** Route /forgot-password. */
export function ForgotPasswordRoute() {
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we'll send you a link to choose a new password."
      footer={
        <p>
          Remembered it? <Link to={paths.login}>Back to login</Link>
        </p>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
