import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { api } from '@tradelist/contract/api';
import { PROFILE_IMAGE_FIELD, PROFILE_PICTURE_MAX_BYTES } from '@tradelist/contract/profile';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config/env.ts';
import { AppError } from '../../errors.ts';
import { readUploadedFile, UPLOAD_ENVELOPE_BYTES } from '../../http/read-upload.ts';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { requireOwnUser } from '../../security/own-data.ts';
import { enforceRateLimits } from '../../security/rate-limits.ts';
import { getProfilePicture, removeProfilePicture, updateProfilePicture } from './services/manage-profile-picture.ts';
import { contentImageFolder, imageFolderDir, PICTURE_FILE_NAME, profilePictureFolder, type ImageFolder } from './services/picture-files.ts';

const calls = api.profile;

export const pictureTooLargeMessage = 'The picture is too large: at most 5 MB.';
export const noPictureMessage = 'Choose a picture to upload.';

/** The picture of the upload, at most 5 MB (product §11.13; read as every upload is: http/read-upload.ts). */
function readUpload(request: FastifyRequest): Promise<Buffer> {
  return readUploadedFile(request, { field: PROFILE_IMAGE_FIELD, maxBytes: PROFILE_PICTURE_MAX_BYTES, tooLargeMessage: pictureTooLargeMessage, missingMessage: noPictureMessage });
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
    { bodyLimit: PROFILE_PICTURE_MAX_BYTES + UPLOAD_ENVELOPE_BYTES },
  );
};

/**
 * Serves a folder of stored images: names are random and never reused, so they are cached for a
 * year; `nosniff` and a `default-src 'none'` policy make sure a browser only ever shows them as
 * images. Anything that is not one of our file names is a 404.
 */
async function serveImageFolder(app: FastifyInstance, config: Config, folder: ImageFolder): Promise<void> {
  const root = imageFolderDir(config, folder);
  mkdirSync(root, { recursive: true });
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      const name = request.url.slice(folder.urlPrefix.length).split('?')[0] ?? '';
      if (!PICTURE_FILE_NAME.test(name)) throw new AppError('NOT_FOUND', 'Not found.');
    });
    await scope.register(fastifyStatic, {
      root,
      prefix: folder.urlPrefix,
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

/** Serves the profile pictures and the operator's content images (posts, categories). */
export async function profilePictureFiles(app: FastifyInstance, config: Config): Promise<void> {
  await serveImageFolder(app, config, profilePictureFolder);
  await serveImageFolder(app, config, contentImageFolder);
}
