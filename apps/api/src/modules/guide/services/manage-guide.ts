import { randomBytes } from 'node:crypto';
import { api } from '@tradelist/contract/api';
import { buildEndpointPath } from '@tradelist/contract/endpoint';
import { OPERATOR_UPLOAD_FIELD, type OperatorGuide } from '@tradelist/contract/operator-content';
import type { AppContext } from '../../../context.ts';
import { AppError, validationFailed } from '../../../errors.ts';
import { recordOperatorAction, type Actor } from '../../../audit/audit-log.ts';
import { reencodeImage } from '../../profile/index.ts';
import {
  appendGuideResource,
  deleteGuideResource,
  listGuideResourceSummaries,
  listGuideVideoSummaries,
  lockGuideResource,
  lockGuideResourceIds,
  lockGuideVideo,
  setGuideResourcePosition,
  updateGuideResource,
  updateGuideVideo,
} from '../repositories/guide-admin.ts';
import { requireCaptions, requirePdf, requireVideo } from './guide-file-checks.ts';

const calls = api.userGuide;
export const resourceNotFoundMessage = 'This guide PDF does not exist.';
export const videoNotFoundMessage = 'This guide video does not exist.';
export const reorderMismatchMessage = 'List every guide PDF exactly once.';

/** The guide as the console shows it: every PDF and video, without their bytes. */
export async function operatorGuide(ctx: Pick<AppContext, 'db'>): Promise<OperatorGuide> {
  const [resources, videos] = await Promise.all([listGuideResourceSummaries(ctx.db), listGuideVideoSummaries(ctx.db)]);
  return {
    resources: resources.map((row) => ({ id: row.id, name: row.name, description: row.description, file_name: row.file_name, size_bytes: Number(row.size_bytes) })),
    videos: videos.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      video_type: row.media_type,
      duration_seconds: row.duration_seconds,
      size_bytes: Number(row.size_bytes),
      video_url: buildEndpointPath(calls.videoFile.path, { id: row.id }),
      poster_url: buildEndpointPath(calls.videoPoster.path, { id: row.id }),
      captions_url: buildEndpointPath(calls.videoCaptions.path, { id: row.id }),
    })),
  };
}

/** The download name of a PDF: its name made safe for a file system, with .pdf. */
export function pdfFileNameOf(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, ' ')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 100);
  return `${base || 'guide'}.pdf`;
}

/** Adds a PDF to the guide (product §2.14), after checking by its content that it is one. */
export async function addGuideResource(ctx: AppContext, actor: Actor, fields: { name: string; description: string }, bytes: Buffer): Promise<OperatorGuide> {
  const { pages } = await requirePdf(bytes);
  const fileName = pdfFileNameOf(fields.name);
  await ctx.db.transaction().execute(async (trx) => {
    const id = await appendGuideResource(trx, {
      slug: `upload-${randomBytes(8).toString('hex')}`,
      name: fields.name,
      description: fields.description,
      file_name: fileName,
      content: bytes,
      created_at: ctx.clock.now(),
    });
    await recordOperatorAction(trx, ctx.clock.now(), actor, { action: 'guide_resource.create', subjectType: 'guide_resource', subjectId: id, before: null, after: { ...fields, file_name: fileName, size_bytes: bytes.length, pages } });
  });
  return operatorGuide(ctx);
}

/** Renames a PDF or changes its description (its download name follows the name). */
export async function editGuideResource(ctx: AppContext, actor: Actor, id: number, fields: { name: string; description: string }): Promise<OperatorGuide> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await lockGuideResource(trx, id);
    if (!before) throw new AppError('NOT_FOUND', resourceNotFoundMessage);
    const fileName = pdfFileNameOf(fields.name);
    await updateGuideResource(trx, id, { name: fields.name, description: fields.description, file_name: fileName });
    await recordOperatorAction(trx, ctx.clock.now(), actor, {
      action: 'guide_resource.update',
      subjectType: 'guide_resource',
      subjectId: id,
      before: { name: before.name, description: before.description, file_name: before.file_name },
      after: { ...fields, file_name: fileName },
    });
  });
  return operatorGuide(ctx);
}

export async function removeGuideResource(ctx: AppContext, actor: Actor, id: number): Promise<OperatorGuide> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await lockGuideResource(trx, id);
    if (!before || !(await deleteGuideResource(trx, id))) throw new AppError('NOT_FOUND', resourceNotFoundMessage);
    await recordOperatorAction(trx, ctx.clock.now(), actor, { action: 'guide_resource.delete', subjectType: 'guide_resource', subjectId: id, before: { name: before.name, description: before.description, file_name: before.file_name }, after: null });
  });
  return operatorGuide(ctx);
}

/** Puts the PDFs in the given order; the list must name every PDF once. */
export async function reorderGuideResources(ctx: AppContext, actor: Actor, ids: number[]): Promise<OperatorGuide> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await lockGuideResourceIds(trx);
    const same = ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
    if (!same) throw validationFailed({ ids: [reorderMismatchMessage] });
    for (const [index, id] of ids.entries()) await setGuideResourcePosition(trx, id, index + 1);
    await recordOperatorAction(trx, ctx.clock.now(), actor, { action: 'guide_resource.reorder', subjectType: 'guide_resource', subjectId: null, before: { ids: current }, after: { ids } });
  });
  return operatorGuide(ctx);
}

/** A video's title and description. */
export async function editGuideVideo(ctx: AppContext, actor: Actor, id: number, fields: { title: string; description: string }): Promise<OperatorGuide> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await lockGuideVideo(trx, id);
    if (!before) throw new AppError('NOT_FOUND', videoNotFoundMessage);
    await updateGuideVideo(trx, id, fields);
    await recordOperatorAction(trx, ctx.clock.now(), actor, { action: 'guide_video.update', subjectType: 'guide_video', subjectId: id, before: { title: before.title, description: before.description }, after: fields });
  });
  return operatorGuide(ctx);
}

/** The parts of a video the operator can replace, each checked by its content first. */
export type GuideVideoPart = 'video' | 'poster' | 'captions';

/** Replaces a video's file (MP4 or WebM, its duration read from its header), its poster (re-encoded to WebP) or its captions (WebVTT). */
export async function replaceGuideVideoPart(ctx: AppContext, actor: Actor, id: number, part: GuideVideoPart, bytes: Buffer): Promise<OperatorGuide> {
  let changes: Parameters<typeof updateGuideVideo>[2];
  let after: Record<string, unknown>;
  if (part === 'video') {
    const container = requireVideo(bytes);
    changes = { content: bytes, media_type: container.mediaType, duration_seconds: container.durationSeconds };
    after = { media_type: container.mediaType, duration_seconds: container.durationSeconds, size_bytes: bytes.length };
  } else if (part === 'poster') {
    const poster = await reencodeImage(bytes, { field: OPERATOR_UPLOAD_FIELD, width: 1280, height: 720, fit: 'cover' });
    changes = { poster: poster.data, poster_media_type: 'image/webp' };
    after = { poster_media_type: 'image/webp', width: poster.width, height: poster.height };
  } else {
    const captions = requireCaptions(bytes);
    changes = { captions };
    after = { captions_length: captions.length };
  }
  await ctx.db.transaction().execute(async (trx) => {
    const before = await lockGuideVideo(trx, id);
    if (!before) throw new AppError('NOT_FOUND', videoNotFoundMessage);
    await updateGuideVideo(trx, id, changes);
    const previous =
      part === 'video'
        ? { media_type: before.media_type, duration_seconds: before.duration_seconds, size_bytes: Number(before.size_bytes) }
        : part === 'poster'
          ? { poster_media_type: before.poster_media_type }
          : { captions_length: Number(before.captions_length) };
    await recordOperatorAction(trx, ctx.clock.now(), actor, { action: `guide_video.${part}`, subjectType: 'guide_video', subjectId: id, before: previous, after });
  });
  return operatorGuide(ctx);
}
