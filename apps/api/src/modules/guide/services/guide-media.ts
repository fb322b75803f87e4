import { api } from '@tradelist/contract/api';
import { buildEndpointPath } from '@tradelist/contract/endpoint';
import type { UserGuideResource, UserGuideVideo } from '@tradelist/contract/guide';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import {
  findGuideResource,
  findGuideVideo,
  findGuideVideoCaptions,
  findGuideVideoPoster,
  listGuideResources,
  listGuideVideos,
} from '../repositories/guide-media.ts';

const calls = api.userGuide;
const notFound = () => new AppError('NOT_FOUND', 'This resource does not exist.');

/** product §3.9: each PDF with `file_content` in base64. */
export async function guideResources(ctx: AppContext): Promise<UserGuideResource[]> {
  const rows = await listGuideResources(ctx.db);
  return rows.map((row) => ({ id: row.id, name: row.name, description: row.description, file_name: row.file_name, file_content: Buffer.from(row.content).toString('base64') }));
}

/** One PDF for the normal download. */
export async function guideResourceFile(ctx: AppContext, id: number): Promise<{ fileName: string; content: Buffer }> {
  const row = await findGuideResource(ctx.db, id);
  if (!row) throw notFound();
  return { fileName: row.file_name, content: Buffer.from(row.content) };
}

/** product §2.14: the videos, each pointing at its file, poster and captions. */
export async function guideVideos(ctx: AppContext): Promise<UserGuideVideo[]> {
  const rows = await listGuideVideos(ctx.db);
  return rows.map((row) => {
    const params = { id: row.id };
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      duration_seconds: row.duration_seconds,
      video_type: row.media_type,
      video_url: buildEndpointPath(calls.videoFile.path, params),
      poster_url: buildEndpointPath(calls.videoPoster.path, params),
      captions_url: buildEndpointPath(calls.videoCaptions.path, params),
    };
  });
}

export async function guideVideoFile(ctx: AppContext, id: number): Promise<{ mediaType: string; content: Buffer }> {
  const row = await findGuideVideo(ctx.db, id);
  if (!row) throw notFound();
  return { mediaType: row.media_type, content: Buffer.from(row.content) };
}

export async function guideVideoPoster(ctx: AppContext, id: number): Promise<{ mediaType: string; content: Buffer }> {
  const row = await findGuideVideoPoster(ctx.db, id);
  if (!row) throw notFound();
  return { mediaType: row.poster_media_type, content: Buffer.from(row.poster) };
}

export async function guideVideoCaptions(ctx: AppContext, id: number): Promise<string> {
  const row = await findGuideVideoCaptions(ctx.db, id);
  if (!row) throw notFound();
  return row.captions;
}
