import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { GoogleSignInButton } from '../../features/auth/components/google-sign-in-button';
import { LoginForm } from '../../features/auth/components/login-form';

/** Route /login. */
export function LoginRoute() {
  return (
    <AuthCard
      title="Login"
      subtitle="Welcome back. Sign in to download this month's price lists."
      footer={
        <p>
          New to Tradelist? <Link to={paths.register}>Sign up</Link>
        </p>
      }
    >
      <LoginForm />
      <GoogleSignInButton text="signin_with" />
    </AuthCard>
  );
}
