import { useEffect, useRef } from 'react';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { usePublicConfig } from '../../config';
import { useGoogleLogin } from '../api/google-login';
import { signInToasts, useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { useGoogleIdentityScript } from '../hooks/use-google-identity-script';
import { AuthDivider } from './auth-card';
import fieldStyles from '../../../components/ui/field.module.css';
import authStyles from './auth.module.css';

interface GoogleSignInButtonProps {
  /** GIS button wording: 'signin_with' on /login, 'signup_with' on /register. */
  text: 'signin_with' | 'signup_with';
}

/** Google sign-in / sign-up (GIS). Renders nothing while the server has no Google client id. */
export function GoogleSignInButton({ text }: GoogleSignInButtonProps) {
  const config = usePublicConfig();
  const clientId = config?.google_client_id ?? null;
  const scriptStatus = useGoogleIdentityScript(clientId ? (config?.google_gsi_script_url ?? null) : null);
  const containerRef = useRef<HTMLDivElement>(null);
  const completeSignIn = useCompleteSignIn();
  const googleLogin = useGoogleLogin({
    onSuccess: completeSignIn,
    onError(error) {
      if (!isApiError(error)) {
        notify.error('There was an error logging in with Google!', signInToasts);
        return;
      }
      // One toast: product §8's message, then the server's own reason when Google has not verified the address.
      const reason = error.code === 'GOOGLE_EMAIL_NOT_VERIFIED' && error.body ? [error.body.error] : [];
      notify.error(['Google login failed.', ...reason], signInToasts);
    },
  });
  const { mutate } = googleLogin;

  useEffect(() => {
    const container = containerRef.current;
    const gis = window.google?.accounts.id;
    if (scriptStatus !== 'ready' || !clientId || !container || !gis) return;
    gis.initialize({
      client_id: clientId,
      callback: (response) => mutate({ token: response.credential }),
      ux_mode: 'popup',
    });
    gis.renderButton(container, {
      type: 'standard',
      theme: 'outline',
      size: 'large',
      text,
      shape: 'rectangular',
      logo_alignment: 'left',
      width: Math.min(320, container.clientWidth || 320),
    });
  }, [scriptStatus, clientId, text, mutate]);

  if (!clientId) return null;
  return (
    <>
      <AuthDivider />
      <div className={authStyles.googleButton} aria-busy={scriptStatus === 'loading' || googleLogin.isPending}>
        <div ref={containerRef} className={authStyles.googleButtonSlot} />
        {scriptStatus === 'error' ? (
          <p className={fieldStyles.formStatus}>
            Google sign-in is unavailable right now. Please use your email and password.
          </p>
        ) : null}
        {googleLogin.isPending ? (
          <p className={fieldStyles.formStatus} role="status">
            Signing in with Google…
          </p>
        ) : null}
      </div>
    </>
  );
}
