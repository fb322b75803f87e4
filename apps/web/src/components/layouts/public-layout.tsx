import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Navbar } from './navbar';

/** Public pages: navigation bar, page content, footer. */
export function PublicLayout() {
  return (
    <div className="public-layout">
      <Navbar />
      <main id="main" className="public-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
