import type { ProfilePictureResponse } from '@tradelist/contract/profile';
import type { AppContext } from '../../../context.ts';
import { deleteProfilePicture, findProfilePicture, lockProfilePicture, saveProfilePicture } from '../repositories/profile-pictures.ts';
import { deletePictureFile, profilePictureUrl, writePictureFile } from './picture-files.ts';
import { reencodeProfilePicture } from './picture-image.ts';

const present = (fileName: string | null): ProfilePictureResponse => ({ profile_picture_url: fileName ? profilePictureUrl(fileName) : null });

/** product §3.10: the user's picture, or null (the client shows the default image). */
export async function getProfilePicture(ctx: AppContext, userId: number): Promise<ProfilePictureResponse> {
  return present(await findProfilePicture(ctx.db, userId));
}

/**
 * Stores a new picture (product §11.13): re-encoded first, so nothing of the upload itself is
 * kept; then the row points at the new file and the old file is deleted after the commit. When
 * the row cannot be written, the new file is removed again. Files are in the upload store
 * (decision 0035), so every API process serves the new picture at once.
 */
export async function updateProfilePicture(ctx: AppContext, userId: number, upload: Uint8Array): Promise<ProfilePictureResponse> {
  const picture = await reencodeProfilePicture(upload);
  const fileName = await writePictureFile(ctx.uploads, picture);
  let previous: string | null;
  try {
    previous = await ctx.db.transaction().execute(async (trx) => {
      const current = await lockProfilePicture(trx, userId);
      await saveProfilePicture(trx, userId, fileName, ctx.clock.now());
      return current;
    });
  } catch (error) {
    await deletePictureFile(ctx.uploads, fileName);
    throw error;
  }
  if (previous) await deletePictureFile(ctx.uploads, previous);
  return present(fileName);
}

/** Removes the user's picture and its file; without one there is nothing to do. */
export async function removeProfilePicture(ctx: AppContext, userId: number): Promise<ProfilePictureResponse> {
  const fileName = await deleteProfilePicture(ctx.db, userId);
  if (fileName) await deletePictureFile(ctx.uploads, fileName);
  return present(null);
}
