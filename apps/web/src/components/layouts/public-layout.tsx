import type { ReactNode } from 'react';
import { Outlet } from 'react-router';

interface PublicLayoutProps {
  /** The navigation bar. */
  header: ReactNode;
  footer: ReactNode;
}

/** Public pages: navigation bar, page content, footer. */
export function PublicLayout({ header, footer }: PublicLayoutProps) {
  return (
    <div className="public-layout">
      {header}
      <main id="main" className="public-main" tabIndex={-1}>
        <Outlet />
      </main>
      {footer}
    </div>
  );
}
