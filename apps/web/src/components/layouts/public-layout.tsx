import type { ReactNode } from 'react';
import publicLayoutStyles from './public-layout.module.css';

interface PublicLayoutProps {
  /** The navigation bar. */
  header: ReactNode;
  footer: ReactNode;
  /** The page. */
  children: ReactNode;
}

/** Public pages: navigation bar, page content, footer. */
export function PublicLayout({ header, footer, children }: PublicLayoutProps) {
  return (
    <div className={publicLayoutStyles.publicLayout}>
      {header}
      <main id="main" className={publicLayoutStyles.publicMain} tabIndex={-1}>
        {children}
      </main>
      {footer}
    </div>
  );
}
