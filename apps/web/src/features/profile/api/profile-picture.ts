import { api } from '@tradelist/contract/api';
import type { ProfilePictureResponse } from '@tradelist/contract/profile';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiUpload } from '../../../lib/api-client';
import { withOwnSuccess, type MutationConfig } from '../../../lib/mutation-config';

/** GET /api/users/{id}/profile-picture/: the picture's path, or null without one (product §3.10). */
export function profilePictureQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['profile-picture', userId],
    queryFn: ({ signal }) => callApi(api.profile.profilePicture, { params: { id: userId } }, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Both changes answer the new state: it replaces the cached one, so the header follows at once. */
function useProfilePictureChange(userId: number, change: () => Promise<ProfilePictureResponse>, config: MutationConfig<ProfilePictureResponse, void>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...withOwnSuccess(config, (answer) => queryClient.setQueryData(profilePictureQueryOptions(userId).queryKey, answer)),
    mutationFn: change,
  });
}

/** POST /api/users/{id}/update-profile/ with the file as multipart `profile_image`. */
export function useUploadProfilePicture(userId: number, file: File | null, config: MutationConfig<ProfilePictureResponse, void>) {
  return useProfilePictureChange(
    userId,
    () => {
      if (!file) return Promise.reject(new Error('Choose a picture to upload.'));
      return callApiUpload(api.profile.updateProfilePicture, { params: { id: userId } }, file);
    },
    config,
  );
}

/** DELETE /api/users/{id}/delete-profile-picture/. */
export function useRemoveProfilePicture(userId: number, config: MutationConfig<ProfilePictureResponse, void>) {
  return useProfilePictureChange(userId, () => callApi(api.profile.deleteProfilePicture, { params: { id: userId } }), config);
}
