import type { ModuleJobs } from '../jobs/registry.ts';
import type { JobKind } from '../jobs/job-kind.ts';
import type { ScheduledTask } from '../jobs/scheduled-task.ts';
import { linkPlanPrices, linkPlanPricesSchedule } from './billing/services/link-plan-prices.ts';
import { reconcileSubscriptions, reconcileSubscriptionsSchedule } from './billing/services/reconcile.ts';
import { processStripeEvent } from './billing/services/stripe-events.ts';
import { updateStripeCustomer } from './billing/services/update-stripe-customer.ts';
import { buildEditionTemplates } from './catalog/services/edition-templates.ts';
import { cleanUpSyncPreviews } from './sync/services/clean-up-previews.ts';
import { syncPreviewJob } from './sync/services/preview-sync.ts';
import { syncProductsJob } from './sync/services/run-sync.ts';
import { automaticSyncJob, startAutomaticSyncsJob } from './sync/services/automatic-syncs.ts';
import { sendMailingBatch, startDueMailingsJob, startDueMailingsSchedule } from './mailings/services/send-mailing-batch.ts';

/** The background jobs, schedules and clean-up steps of the domain modules, registered by the server and the worker. */
export const moduleJobs: ModuleJobs = {
  kinds: [processStripeEvent, updateStripeCustomer, linkPlanPrices, reconcileSubscriptions, syncProductsJob, syncPreviewJob, startAutomaticSyncsJob, automaticSyncJob, sendMailingBatch, startDueMailingsJob, buildEditionTemplates] as Array<JobKind<unknown>>,
  schedules: [linkPlanPricesSchedule, reconcileSubscriptionsSchedule, startDueMailingsSchedule] as Array<ScheduledTask<unknown>>,
  cleanUps: [cleanUpSyncPreviews],
};
