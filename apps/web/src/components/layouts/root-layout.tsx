import { Outlet, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { toastAutoCloseMs } from '../../config/env';
import { paths } from '../../config/paths';
import { ScrollManager } from './scroll-manager';

/** Wraps every page: scroll handling and the one toast container (product §9 settings). */
export function RootLayout() {
  const { pathname } = useLocation();
  const autoClose = pathname === paths.home ? toastAutoCloseMs.landing : toastAutoCloseMs.default;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollManager />
      <Outlet />
      <ToastContainer position="top-right" theme="light" autoClose={autoClose} newestOnTop={false} />
    </>
  );
}
