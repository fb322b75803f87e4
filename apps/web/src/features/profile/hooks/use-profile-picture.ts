import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { assetPaths } from '../../../config/paths';
import { useStoredSession } from '../../../lib/stored-session';
import { profilePictureQueryOptions } from '../api/profile-picture';

export interface ProfilePicture {
  /** What to show: the user's picture, or the default image (product §3.10). */
  src: string;
  /** Whether the user has a picture of their own. */
  hasPicture: boolean;
  isLoading: boolean;
  isError: boolean;
}

/**
 * The signed-in user's picture, read when a stored session with an id loads (product §7.2 notes).
 * No picture, no id or a failed read all give the default image; a failure is logged (product
 * §8.13). The path is on the app's own origin, the image base address.
 */
export function useProfilePicture(): ProfilePicture {
  const userId = useStoredSession().session?.id;
  const query = useQuery({ ...profilePictureQueryOptions(userId ?? 0), enabled: userId !== undefined });
  useEffect(() => {
    if (query.isError) console.error('Failed to fetch profile picture.', query.error);
  }, [query.isError, query.error]);
  const url = query.data?.profile_picture_url ?? null;
  return { src: url ?? assetPaths.defaultProfilePicture, hasPicture: url !== null, isLoading: query.isLoading, isError: query.isError };
}
