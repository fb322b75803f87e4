import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { GoogleSignInButton } from '../../features/auth/components/google-sign-in-button';
import { RegisterForm } from '../../features/auth/components/register-form';

/** Route /register. */
export function RegisterRoute() {
  return (
    <AuthCard
      title="Create your account"
      subtitle="Start with the free Wire & Conduit Demo. No card needed to sign up."
      footer={
        <p>
          Already have an account? <Link to={paths.login}>Login</Link>
        </p>
      }
    >
      <RegisterForm />
      <GoogleSignInButton text="signup_with" />
    </AuthCard>
  );
}
