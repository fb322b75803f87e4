import { z } from 'zod';

/** product §7: the multipart field that carries the picture of `POST /users/{id}/update-profile/`. */
export const PROFILE_IMAGE_FIELD = 'profile_image';

/** product §11.13: the largest upload, in bytes (a larger one is refused with 413). */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** product §11.13: the most pixels an upload may declare; a larger one is refused before decoding. */
export const PROFILE_PICTURE_MAX_PIXELS = 40_000_000;

/** The stored picture's side, in pixels (a square WebP, product §11.13). */
export const PROFILE_PICTURE_SIZE = 256;


/**
 * product §3.10: where the picture is, or null without one (the client then shows the default
 * image). The path is on the app's own origin, which is the image base address.
 */
export const profilePictureResponse = z.object({ profile_picture_url: z.string().nullable() });
export type ProfilePictureResponse = z.infer<typeof profilePictureResponse>;
