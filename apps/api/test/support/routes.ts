import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

/** Every route the app registered, from Fastify's own route table (HEAD twins left out). */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /(\/\S*) \(([A-Z, ]+)\)/.exec(line);
    if (!match) continue;
    for (const method of match[2]!.split(',').map((m) => m.trim())) {
      if (method !== 'HEAD') routes.push({ method, url: match[1]! });
    }
  }
  return routes;
}
