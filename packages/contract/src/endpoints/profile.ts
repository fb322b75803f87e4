import { userIdParams } from '../accounts.ts';
import { defineEndpoint } from '../endpoint.ts';
import { PROFILE_IMAGE_FIELD, PROFILE_PICTURE_MAX_BYTES, profilePictureResponse } from '../profile.ts';

/** The profile picture. */
export const profileEndpoints = {
  profilePicture: defineEndpoint({
    method: 'GET',
    path: '/api/users/:id/profile-picture/',
    access: 'user',
    tag: 'profile',
    summary: 'Your profile picture (null without one); another id answers 403',
    params: userIdParams,
    response: { 200: profilePictureResponse },
    errors: [400, 401, 403],
  }),
  updateProfilePicture: defineEndpoint({
    method: 'POST',
    path: '/api/users/:id/update-profile/',
    access: 'user',
    tag: 'profile',
    summary: 'Upload your profile picture (multipart `profile_image`: PNG, JPEG, WebP, GIF or AVIF, at most 5 MB and 40 megapixels)',
    params: userIdParams,
    response: { 200: profilePictureResponse },
    errors: [400, 401, 403, 413, 415, 429],
    upload: { field: PROFILE_IMAGE_FIELD, maxBytes: PROFILE_PICTURE_MAX_BYTES },
  }),
  deleteProfilePicture: defineEndpoint({
    method: 'DELETE',
    path: '/api/users/:id/delete-profile-picture/',
    access: 'user',
    tag: 'profile',
    summary: 'Remove your profile picture',
    params: userIdParams,
    response: { 200: profilePictureResponse },
    errors: [400, 401, 403],
  }),
} as const;
