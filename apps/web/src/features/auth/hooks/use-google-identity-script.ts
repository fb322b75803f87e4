import { useEffect, useSyncExternalStore } from 'react';
import { notify } from '../../../lib/notify';

export type ScriptStatus = 'idle' | 'loading' | 'ready' | 'error';

/** One script per page load, shared by every Google button (module state, not component state). */
let status: ScriptStatus = 'idle';
const listeners = new Set<() => void>();

function setStatus(next: ScriptStatus): void {
  status = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function loadScript(src: string): void {
  if (status !== 'idle') return;
  if (window.google?.accounts?.id) {
    setStatus('ready');
    return;
  }
  setStatus('loading');
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  script.defer = true;
  script.addEventListener('load', () => setStatus(window.google?.accounts?.id ? 'ready' : 'error'));
  script.addEventListener('error', () => {
    setStatus('error');
    notify.error('Google Login failed'); // product §8: the Google button's own failure alert
  });
  document.head.appendChild(script);
}

/** Loads the Google Identity Services script once (when `src` is given) and reports its status. */
export function useGoogleIdentityScript(src: string | null): ScriptStatus {
  useEffect(() => {
    if (src) loadScript(src);
  }, [src]);
  return useSyncExternalStore(
    subscribe,
    () => status,
    () => 'idle' as const,
  );
}
