import type { ModuleJobs } from '../jobs/registry.ts';
import type { JobKind } from '../jobs/job-kind.ts';
import { linkPlanPrices, linkPlanPricesSchedule } from './billing/services/link-plan-prices.ts';
import { processStripeEvent } from './billing/services/stripe-events.ts';

/** The background jobs and schedules of the domain modules, registered by the server and the worker. */
export const moduleJobs: ModuleJobs = {
  kinds: [processStripeEvent, linkPlanPrices] as Array<JobKind<unknown>>,
  schedules: [linkPlanPricesSchedule] as ModuleJobs['schedules'],
};
