import { api } from '@tradelist/contract/api';
import { PROFILE_IMAGE_FIELD, PROFILE_PICTURE_MAX_BYTES } from '@tradelist/contract/profile';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { readUploadedFile, UPLOAD_ENVELOPE_BYTES } from '../../http/read-upload.ts';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { requireOwnUser } from '../../security/own-data.ts';
import { enforceRateLimits } from '../../security/rate-limits.ts';
import { getProfilePicture, removeProfilePicture, updateProfilePicture } from './services/manage-profile-picture.ts';
import { imageFolders, readStoredImage } from './services/picture-files.ts';

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

/** A stored image's name never gets other bytes (decision 0035): browsers and proxies keep it a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the stored images, profile pictures and the operator's content images (posts,
 * categories), from the upload store: a year's immutable cache, a strong ETag (the SHA-256 of the
 * bytes) with If-None-Match answered 304, and `nosniff` with a `default-src 'none'` policy so a
 * browser only ever shows them as images. Anything that is not one of our names is a 404.
 */
export function uploadedImageRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const folder of imageFolders) {
    app.get<{ Params: { name: string } }>(`${folder.urlPrefix}:name`, { schema: { hide: true } }, async (request, reply) => {
      const image = await readStoredImage(ctx.uploads, folder, request.params.name, request.headers['if-none-match']);
      if (image.status === 'missing') throw new AppError('NOT_FOUND', 'Not found.');
      void reply.header('cache-control', IMMUTABLE).header('etag', image.etag);
      if (image.status === 'not-modified') return reply.code(304).send();
      return reply
        .header('content-type', image.file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(image.file.content);
    });
  }
}
