import { api } from '@tradelist/contract/api';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { requireUser } from '../../security/session-plugin.ts';
import { allowDownload, type AllowedDownload } from './services/download-edition.ts';
import { openEditionFile } from './services/edition-file.ts';
import { currentCollections, latestCollections, listAllCategories } from './services/list-catalog.ts';
import { createProfile, deleteProfile, listProfiles, replaceProfile } from './services/pricing-profiles.ts';
import { previewProducts } from './services/preview-products.ts';
import { settleDownloadWhenSent } from './services/settle-download.ts';
import { getUserFactor, saveUserFactor } from './services/user-factor.ts';

const calls = api.catalog;
const profiles = api.pricing;

async function sendFile(ctx: AppContext, reply: FastifyReply, download: AllowedDownload): Promise<FastifyReply> {
  // Counted once half of the file has gone out; an error answer or an early hang-up releases the place.
  const settlement = settleDownloadWhenSent(ctx, reply.raw, download.reservationId);
  // A client that leaves while its file is first written stops the writing (unless others wait for it).
  const clientGone = new AbortController();
  reply.raw.once('close', () => clientGone.abort());
  const file = await openEditionFile(ctx, download, clientGone.signal);
  // A stored file has a known size; a streamed first generation does not.
  if (file.size !== undefined) void reply.header('content-length', file.size);
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', file.contentDisposition)
    .header('cache-control', 'no-store')
    .send(settlement.send(file));
}

/** The catalog, markup and download calls of product §7, and the pricing profiles' calls. */
export const catalogRoutes: ApiModule = (contexts, ctx) => {
  const { public: open, user } = contexts;

  registerEndpoint(open, calls.categories, async () => listAllCategories(ctx));

  registerEndpoint(open, calls.currentCollections, async () => currentCollections(ctx));

  registerEndpoint(user, calls.latestCollections, async (request) => latestCollections(ctx, requireUser(request).id, request.params.categoryId));

  registerEndpoint(user, calls.downloadEdition, async (request, reply) => {
    const { collection_id, catelog_id, format, layout, profile_id } = request.body;
    const download = await allowDownload(ctx, requireUser(request), { collectionId: collection_id, categoryId: catelog_id, format, layout, profileId: profile_id });
    return sendFile(ctx, reply, download);
  });

  registerEndpoint(user, calls.downloadBoughtEdition, async (request, reply) => {
    const { collection_id, format, layout } = request.body;
    const download = await allowDownload(ctx, requireUser(request), { collectionId: collection_id, categoryId: 'none', format, layout });
    return sendFile(ctx, reply, download);
  });

  registerEndpoint(user, calls.userFactor, async (request) => getUserFactor(ctx, requireUser(request).id));

  registerEndpoint(user, calls.saveUserFactor, async (request) => saveUserFactor(ctx, requireUser(request).id, request.body));

  registerEndpoint(user, calls.previewProducts, async (request) => previewProducts(ctx, requireUser(request).id, request.query));

  registerEndpoint(user, profiles.list, async (request) => listProfiles(ctx, requireUser(request).id));

  registerEndpoint(user, profiles.create, async (request, reply) => reply.code(201).send(await createProfile(ctx, requireUser(request).id, request.body)));

  registerEndpoint(user, profiles.replace, async (request) => replaceProfile(ctx, requireUser(request).id, request.params.profileId, request.body));

  registerEndpoint(user, profiles.remove, async (request, reply) => {
    await deleteProfile(ctx, requireUser(request).id, request.params.profileId);
    return reply.code(204).send();
  });
};
