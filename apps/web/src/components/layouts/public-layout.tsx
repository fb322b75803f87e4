import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import publicLayoutStyles from './public-layout.module.css';

interface PublicLayoutProps {
  /** The navigation bar. */
  header: ReactNode;
  footer: ReactNode;
}

/** Public pages: navigation bar, page content, footer. */
export function PublicLayout({ header, footer }: PublicLayoutProps) {
  return (
    <div className={publicLayoutStyles.publicLayout}>
      {header}
      <main id="main" className={publicLayoutStyles.publicMain} tabIndex={-1}>
        <Outlet />
      </main>
      {footer}
    </div>
  );
}
