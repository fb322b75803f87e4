import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageLoading } from '../../components/ui/page-loading';
import { NotFoundRoute } from './not-found';

/** True when the document itself was loaded from `url` (not reached by the app's navigation). */
function documentWasLoadedFrom(url: string): boolean {
  const [entry] = performance.getEntriesByType('navigation');
  return entry !== undefined && new URL(entry.name).href === new URL(url, window.location.href).href;
}

/**
 * A page the server renders (the public site, and its not-found page): the app leaves for it with
 * a full page load. Should the server have answered this very address with the app, it shows the
 * not-found page instead of loading it again.
 */
export function ServerPageRoute() {
  const { pathname, search, hash } = useLocation();
  const target = `${pathname}${search}${hash}`;
  const servedHere = documentWasLoadedFrom(target);
  useEffect(() => {
    if (!servedHere) window.location.replace(target);
  }, [servedHere, target]);
  return servedHere ? <NotFoundRoute /> : <PageLoading />;
}
