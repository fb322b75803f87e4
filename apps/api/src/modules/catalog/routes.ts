import {
  categoriesResponse,
  collectionsResponse,
  downloadBoughtProductsRequest,
  downloadProductsRequest,
  latestCollectionParams,
  latestCollectionResponse,
  previewProductsResponse,
  saveUserFactorRequest,
  userFactor,
} from '@tradelist/contract/catalog';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../security/session-plugin.ts';
import { presentCategory, presentCollection } from './presenters/catalog.ts';
import { listCategories, listCurrentCollections } from './repositories/catalog.ts';
import { allowDownload, type AllowedDownload } from './services/download-edition.ts';
import { editionFile } from './services/edition-file.ts';
import { latestCollections } from './services/list-catalog.ts';
import { previewProducts } from './services/preview-products.ts';
import { getUserFactor, saveUserFactor } from './services/user-factor.ts';
import { errorResponses } from '../../http/error-responses.ts';

const tags = ['catalog'];
const fileResponse = z.string().describe('The price list file (text/csv or .xlsx), or a JSON error');

/** The catalog, markup and download calls of SPEC §7. */
export async function catalogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sendFile = (reply: FastifyReply, download: AllowedDownload) => {
    const file = editionFile(ctx.db, download);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', file.contentDisposition)
      .header('cache-control', 'no-store')
      .send(file.body);
  };

  r.get('/api/categories/', {
    schema: { tags, summary: 'Every category', response: { 200: categoriesResponse } },
    handler: async () => (await listCategories(ctx.db)).map(presentCategory),
  });

  r.get('/api/all-collections/', {
    schema: { tags, summary: 'The current edition of every category', response: { 200: collectionsResponse } },
    handler: async () => (await listCurrentCollections(ctx.db)).map(presentCollection),
  });

  r.get('/api/latest-collection/:categoryId/', {
    schema: {
      tags,
      summary: 'Current and bought editions of a category (or ALL / FREE)',
      params: latestCollectionParams,
      response: { 200: latestCollectionResponse, ...errorResponses(401, 403, 404) },
    },
    handler: async (request) => latestCollections(ctx, requireUser(request).id, request.params.categoryId),
  });

  r.post('/api/download-products/', {
    schema: { tags, summary: 'Download an edition with your markups', body: downloadProductsRequest, response: { 200: fileResponse, ...errorResponses(400, 401, 403, 404, 429) } },
    handler: async (request, reply) => {
      const { collection_id, catelog_id, format, layout } = request.body;
      const download = await allowDownload(ctx, requireUser(request), { collectionId: collection_id, categoryId: catelog_id, format, layout });
      return sendFile(reply, download);
    },
  });

  r.post('/api/download-bought-products/', {
    schema: { tags, summary: 'Download a bought (older) edition with your markups', body: downloadBoughtProductsRequest, response: { 200: fileResponse, ...errorResponses(400, 401, 403, 404, 429) } },
    handler: async (request, reply) => {
      const { collection_id, format, layout } = request.body;
      const download = await allowDownload(ctx, requireUser(request), { collectionId: collection_id, categoryId: 'none', format, layout });
      return sendFile(reply, download);
    },
  });

  r.get('/api/user-factor/', {
    schema: { tags, summary: 'Your markups and tax', response: { 200: userFactor, ...errorResponses(401, 403) } },
    handler: async (request) => getUserFactor(ctx, requireUser(request).id),
  });

  r.post('/api/user_factor/', {
    schema: { tags, summary: 'Save your markups and tax', body: saveUserFactorRequest, response: { 200: userFactor, ...errorResponses(400, 401, 403) } },
    handler: async (request) => saveUserFactor(ctx, requireUser(request).id, request.body),
  });

  r.get('/api/preview-products/', {
    schema: { tags, summary: 'The list the markup preview shows', response: { 200: previewProductsResponse, ...errorResponses(401, 403) } },
    handler: async (request) => previewProducts(ctx, requireUser(request).id),
  });
}
