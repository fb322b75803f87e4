import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

// Methods no route of ours answers: CORS is not offered (one origin) and TRACE would echo
// requests back (product §11.18).
const REFUSED_METHODS = new Set(['OPTIONS', 'TRACE']);
const PAGE_METHODS = ['GET', 'HEAD'];

interface RoutePattern {
  pattern: RegExp;
  methods: Set<string>;
}

/** A route URL such as /api/latest-collection/:categoryId/ as a regular expression. */
function toPattern(url: string): RegExp {
  const source = url
    .split(/(:\w+|\*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/** Answers OPTIONS and TRACE (the error handler turns the AppError into the 405 body). */
export type RefuseMethod = (path: string, method: string, setAllow: (value: string) => void) => void;

/**
 * Remembers every route's methods (call before the routes are registered) and returns the check
 * the not-found handler runs: OPTIONS and TRACE get 405 with an Allow header naming the methods
 * the path has (GET, HEAD for pages; none for an unknown API path) instead of 404.
 */
export function trackAllowedMethods(app: FastifyInstance): RefuseMethod {
  const routes = new Map<string, RoutePattern>();
  app.addHook('onRoute', (route) => {
    const entry = routes.get(route.url) ?? { pattern: toPattern(route.url), methods: new Set<string>() };
    for (const method of [route.method].flat()) entry.methods.add(method);
    routes.set(route.url, entry);
  });

  return (path, method, setAllow) => {
    if (!REFUSED_METHODS.has(method)) return;
    const isApi = path === '/api' || path.startsWith('/api/');
    const allowed = isApi
      ? new Set([...routes.values()].filter((route) => route.pattern.test(path)).flatMap((route) => [...route.methods]))
      : new Set(PAGE_METHODS);
    const allow = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => allowed.has(m));
    if (allow.length > 0) setAllow(allow.join(', '));
    throw new AppError('METHOD_NOT_ALLOWED', 'This method is not allowed here.');
  };
}
