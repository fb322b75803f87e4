import type { ReactNode } from 'react';
import authStyles from './auth.module.css';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card that frames every account screen. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <div className={authStyles.authPage}>
      <title>{`${title} | Tradelist`}</title>
      <section className={authStyles.authCard} aria-labelledby="auth-card-title">
        <h1 id="auth-card-title" className={authStyles.authCardTitle}>
          {title}
        </h1>
        {subtitle ? <p className={authStyles.authCardSubtitle}>{subtitle}</p> : null}
        {children}
        {footer ? <div className={authStyles.authCardFooter}>{footer}</div> : null}
      </section>
    </div>
  );
}

/** The "or" rule between the password form and the Google button. */
export function AuthDivider() {
  return (
    <p className={authStyles.authDivider}>
      <span>or</span>
    </p>
  );
}
