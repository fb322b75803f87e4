import { createHash } from 'node:crypto';
import { api } from '@tradelist/contract/api';
import { PDF_MEDIA_TYPE, WEBVTT_MEDIA_TYPE } from '@tradelist/contract/guide';
import { contentDisposition } from '@tradelist/pricing/file-names';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiModule } from '../../http/contexts.ts';
import { entityTag, ifNoneMatchMatches } from '../../lib/conditional-get.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { byteRange } from './services/byte-range.ts';
import {
  guideResourceFile,
  guideResources,
  guideVideoCaptions,
  guideVideoFile,
  guideVideoPoster,
  guideVideos,
} from './services/guide-media.ts';

const calls = api.userGuide;

// Guide media change only when the operator replaces them: a browser may keep them for an hour.
const MEDIA_CACHE = 'private, max-age=3600';

/**
 * Sets the ETag of stored bytes (their SHA-256, as for uploaded images: decision 0035) and the
 * cache header; true when the browser's copy is current and a 304 has been sent instead.
 */
function notModified(request: FastifyRequest, reply: FastifyReply, content: Buffer | string): boolean {
  const etag = entityTag(createHash('sha256').update(content).digest('hex'));
  void reply.header('etag', etag).header('cache-control', MEDIA_CACHE);
  if (!ifNoneMatchMatches(request.headers['if-none-match'], etag)) return false;
  void reply.code(304).send();
  return true;
}

/** Sends stored bytes, or the one byte range the browser asked for (a video element seeks this way). */
function sendMedia(request: FastifyRequest, reply: FastifyReply, mediaType: string, content: Buffer): FastifyReply {
  if (notModified(request, reply, content)) return reply;
  void reply.header('content-type', mediaType).header('accept-ranges', 'bytes').header('x-content-type-options', 'nosniff');
  const range = byteRange(request.headers.range, content.length);
  if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${content.length}`).send(Buffer.alloc(0));
  if (!range) return reply.send(content);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${content.length}`)
    .send(content.subarray(range.start, range.end + 1));
}

/**
 * The user guide of product §2.14: its PDFs (product §3.9), for signed-in users, and its videos,
 * which are public because the landing page shows the same walkthroughs (product §2.2).
 */
export const guideRoutes: ApiModule = ({ public: open, user }, ctx) => {
  registerEndpoint(user, calls.resources, async () => guideResources(ctx));

  registerEndpoint(user, calls.resourceFile, async (request, reply) => {
    const file = await guideResourceFile(ctx, request.params.id);
    if (notModified(request, reply, file.content)) return reply;
    return reply
      .header('content-type', PDF_MEDIA_TYPE)
      .header('content-disposition', contentDisposition(file.fileName.replace(/\.pdf$/i, ''), 'pdf'))
      .send(file.content);
  });

  registerEndpoint(open, calls.videos, async () => guideVideos(ctx));

  registerEndpoint(open, calls.videoFile, async (request, reply) => {
    const video = await guideVideoFile(ctx, request.params.id);
    return sendMedia(request, reply, video.mediaType, video.content);
  });

  registerEndpoint(open, calls.videoPoster, async (request, reply) => {
    const poster = await guideVideoPoster(ctx, request.params.id);
    return sendMedia(request, reply, poster.mediaType, poster.content);
  });

  registerEndpoint(open, calls.videoCaptions, async (request, reply) => {
    const captions = await guideVideoCaptions(ctx, request.params.id);
    if (notModified(request, reply, captions)) return reply;
    return reply.header('content-type', `${WEBVTT_MEDIA_TYPE}; charset=utf-8`).send(captions);
  });
};
