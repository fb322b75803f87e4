import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { api } from '@tradelist/contract/api';
import { PROFILE_IMAGE_FIELD, PROFILE_PICTURE_MAX_BYTES } from '@tradelist/contract/profile';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config/env.ts';
import { AppError, validationFailed } from '../../errors.ts';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { requireOwnUser } from '../../security/own-data.ts';
import { enforceRateLimits } from '../../security/rate-limits.ts';
import { getProfilePicture, removeProfilePicture, updateProfilePicture } from './services/manage-profile-picture.ts';
import { PICTURE_FILE_NAME, PROFILE_PICTURE_URL_PREFIX, profilePictureDir } from './services/picture-files.ts';

const calls = api.profile;

// The multipart envelope around the file (boundaries, part headers) on top of the file itself.
const ENVELOPE_BYTES = 64 * 1024;
export const pictureTooLargeMessage = 'The picture is too large: at most 5 MB.';
export const notMultipartMessage = 'Send the picture as multipart/form-data in the field profile_image.';
export const noPictureMessage = 'Choose a picture to upload.';

/**
 * Reads the one file of the upload into memory, at most 5 MB (product §11.13). A larger file is
 * refused with 413 as soon as the limit is passed (the rest is not stored); a declared length
 * beyond the limit is refused before reading anything.
 */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', notMultipartMessage);
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > PROFILE_PICTURE_MAX_BYTES + ENVELOPE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', pictureTooLargeMessage);
  try {
    const part = await request.file({ limits: { fileSize: PROFILE_PICTURE_MAX_BYTES } });
    if (!part || part.fieldname !== PROFILE_IMAGE_FIELD) throw validationFailed({ [PROFILE_IMAGE_FIELD]: [noPictureMessage] });
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE', pictureTooLargeMessage);
    throw error;
  }
}

/** The profile picture calls of product §7, on the signed-in user's own id only (product §11.8). */
export const profileRoutes: ApiModule = ({ user, userUploads }, ctx) => {
  registerEndpoint(user, calls.profilePicture, async (request) => getProfilePicture(ctx, requireOwnUser(request, request.params.id).id));

  registerEndpoint(user, calls.deleteProfilePicture, async (request) => removeProfilePicture(ctx, requireOwnUser(request, request.params.id).id));

  // The upload context is the only one that reads multipart (product §7.1).
  registerEndpoint(
    userUploads,
    calls.updateProfilePicture,
    async (request) => {
      // Whose picture and how many uploads come first: a refused call reads nothing of the body.
      const owner = requireOwnUser(request, request.params.id);
      await enforceRateLimits(ctx, [{ key: `profile-picture:user:${owner.id}`, rule: ctx.config.rateLimits.profilePictureUploadsPerUser }]);
      return updateProfilePicture(ctx, owner.id, await readUpload(request));
    },
    { bodyLimit: PROFILE_PICTURE_MAX_BYTES + ENVELOPE_BYTES },
  );
};

/**
 * Serves the stored pictures: names are random and never reused, so they are cached for a year;
 * `nosniff` and a `default-src 'none'` policy make sure a browser only ever shows them as images.
 * Anything that is not one of our file names is a 404.
 */
export async function profilePictureFiles(app: FastifyInstance, config: Config): Promise<void> {
  const root = profilePictureDir(config);
  mkdirSync(root, { recursive: true });
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      const name = request.url.slice(PROFILE_PICTURE_URL_PREFIX.length).split('?')[0] ?? '';
      if (!PICTURE_FILE_NAME.test(name)) throw new AppError('NOT_FOUND', 'Not found.');
    });
    await scope.register(fastifyStatic, {
      root,
      prefix: PROFILE_PICTURE_URL_PREFIX,
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      etag: true,
      lastModified: false,
      setHeaders: (res) => {
        res.header('cache-control', 'public, max-age=31536000, immutable');
        res.header('x-content-type-options', 'nosniff');
        res.header('content-security-policy', "default-src 'none'");
        res.header('content-type', 'image/webp');
      },
    });
  });
}
