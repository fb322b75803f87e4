import { api } from '@tradelist/contract/api';
import { PDF_MEDIA_TYPE, WEBVTT_MEDIA_TYPE } from '@tradelist/contract/guide';
import { contentDisposition } from '@tradelist/pricing/file-names';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiModule } from '../../http/contexts.ts';
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

/** Sends stored bytes, or the one byte range the browser asked for (a video element seeks this way). */
function sendMedia(request: FastifyRequest, reply: FastifyReply, mediaType: string, content: Buffer): FastifyReply {
  void reply.header('content-type', mediaType).header('accept-ranges', 'bytes').header('cache-control', MEDIA_CACHE).header('x-content-type-options', 'nosniff');
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
    return reply
      .header('content-type', PDF_MEDIA_TYPE)
      .header('content-disposition', contentDisposition(file.fileName.replace(/\.pdf$/i, ''), 'pdf'))
      .header('cache-control', MEDIA_CACHE)
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
    return reply.header('content-type', `${WEBVTT_MEDIA_TYPE}; charset=utf-8`).header('cache-control', MEDIA_CACHE).send(captions);
  });
};
