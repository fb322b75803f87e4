import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { toastAutoCloseMs } from '../config/env';
import { paths } from '../config/paths';
import { notify, type NotifyOptions } from './notify';

let mounted = false;

/** Mounts one toast container on the page (once), with the root layout's settings, then shows the toast. */
export function toastOnPage(kind: 'success' | 'error', message: string, options: NotifyOptions = {}): void {
  if (!mounted) {
    mounted = true;
    const host = document.createElement('div');
    document.body.append(host);
    const autoClose = window.location.pathname === paths.home ? toastAutoCloseMs.landing : toastAutoCloseMs.default;
    const root = createRoot(host);
    flushSync(() => root.render(<ToastContainer position="top-right" theme="light" autoClose={autoClose} newestOnTop={false} />));
  }
  notify[kind](message, options);
}
