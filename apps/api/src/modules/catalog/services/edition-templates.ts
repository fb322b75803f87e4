import { z } from 'zod';
import type { TemplateFormat } from '@tradelist/pricing/file-template';
import { productLayouts, type ProductLayout } from '@tradelist/pricing/layouts';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import { defineJob } from '../../../jobs/job-kind.ts';
import { queueJob } from '../../../jobs/queue.ts';
import type { CachedFile } from '../../../lib/file-cache.ts';
import { findCollectionById } from '../repositories/catalog.ts';
import type { AllowedDownload } from './download-edition.ts';
import { editionTemplateKey } from './edition-file-key.ts';
import { runEditionFileWorker } from './edition-file-off-thread.ts';
import { editionFileCache } from './edition-file-store.ts';
import { productPages } from './edition-pages.ts';

// An edition's templates (decision 0043): the cells that do not depend on the user, written once
// per edition, format and product layout into the store of generated files of the machine that
// writes them. The job queued when an edition is published writes them before its first download;
// a machine that lacks one (another machine, a new data directory, a purge) writes it after the
// first download of the edition there, which is written without it.

type Edition = AllowedDownload['collection'];
type TemplateContext = Pick<AppContext, 'config' | 'log' | 'db'>;

const templateFormats: readonly TemplateFormat[] = ['csv', 'xlsx'];

/** The edition's template of `format` and `layout` in this machine's store, or null when it has none. */
export function openEditionTemplate(ctx: TemplateContext, edition: Edition, format: TemplateFormat, layout: ProductLayout): Promise<CachedFile | null> {
  return editionFileCache(ctx.config, ctx.log).open(editionTemplateKey({ collection: edition, format, layout }));
}

/**
 * Writes the edition's template of `format` and `layout` into this machine's store, on a worker
 * thread, unless it is there already (a write under way in this process is waited for). False
 * when the store is off or could not take it.
 */
export async function buildEditionTemplate(ctx: TemplateContext, edition: Edition, format: TemplateFormat, layout: ProductLayout): Promise<boolean> {
  const stored = await editionFileCache(ctx.config, ctx.log).get(editionTemplateKey({ collection: edition, format, layout }), () =>
    runEditionFileWorker({ kind: 'template', format, layout }, productPages(ctx.db, edition.id)),
  );
  stored?.body.destroy();
  return stored !== null;
}

/** Starts `buildEditionTemplate` without waiting for it; a failure is logged, and the next download of the edition tries again. */
export function buildEditionTemplateLater(ctx: TemplateContext, edition: Edition, format: TemplateFormat, layout: ProductLayout): void {
  buildEditionTemplate(ctx, edition, format, layout).catch((error: unknown) =>
    ctx.log.warn({ err: error, editionId: edition.id, format, layout }, 'an edition template could not be written; the next download of the edition tries again'),
  );
}

/** Writes a published edition's templates, every format and product layout, one after the other. */
export const buildEditionTemplates = defineJob({
  name: 'edition-templates',
  payload: z.object({ collectionId: z.number().int().positive() }),
  concurrency: 1,
  maxAttempts: 3,
  backoff: { baseSeconds: 60, maxSeconds: 600 },
  idempotencyKey: ({ collectionId }) => String(collectionId),
  async handle({ collectionId }, { ctx }) {
    const edition = await findCollectionById(ctx.db, collectionId);
    // Removed since it was published: nothing to write.
    if (!edition) return;
    for (const format of templateFormats) {
      for (const layout of productLayouts) await buildEditionTemplate(ctx, edition, format, layout);
    }
  },
});

/** Queues the writing of a new edition's templates, in the transaction that publishes it. */
export async function queueEditionTemplates(trx: Db, collectionId: number, now: Date): Promise<void> {
  await queueJob(trx, buildEditionTemplates, { collectionId }, now);
}
