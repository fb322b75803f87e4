/**
 * What other modules may use of profile (decision 0036): removing a user's picture and storing a
 * re-encoded image. Nothing else of this folder is imported from outside.
 */
export { removeProfilePicture } from './services/manage-profile-picture.ts';
export { contentImageFolder, writeImageFile } from './services/picture-files.ts';
export { reencodeImage, type ImageTarget } from './services/picture-image.ts';
