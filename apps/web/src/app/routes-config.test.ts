import { appRoutes } from '@tradelist/contract/app-routes';
import { describe, expect, it } from 'vitest';
import { registeredPaths, routes } from './routes-config';

describe('routes', () => {
  it('registers every page of appRoutes', () => {
    const registered = new Set(registeredPaths(routes));
    const missing = Object.values(appRoutes).filter((path) => !registered.has(path));
    expect(missing).toEqual([]);
  });
});
