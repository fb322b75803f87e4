// The test controls the QuickBooks and Jobber simulators both answer under /__sim/.
import type { ServerResponse } from 'node:http';
import { sendEmpty, sendJson } from './http-helpers.ts';
import type { SimulatorStats } from './provider-common.ts';

/** What the shared controls act on. */
export interface ControlledSimulator {
  items(): unknown;
  stats(): SimulatorStats;
  reset(): void;
  expireAccessTokens(): void;
}

/** Answers `GET /__sim/items`, `GET /__sim/stats`, `POST /__sim/reset` and `POST /__sim/expire-tokens`; false for any other request. */
export function answerSharedControl(simulator: ControlledSimulator, method: string, route: string, res: ServerResponse): boolean {
  if (route === '/__sim/items' && method === 'GET') sendJson(res, 200, simulator.items());
  else if (route === '/__sim/stats' && method === 'GET') sendJson(res, 200, simulator.stats());
  else if (route === '/__sim/reset' && method === 'POST') {
    simulator.reset();
    sendEmpty(res, 204);
  } else if (route === '/__sim/expire-tokens' && method === 'POST') {
    simulator.expireAccessTokens();
    sendEmpty(res, 204);
  } else return false;
  return true;
}
