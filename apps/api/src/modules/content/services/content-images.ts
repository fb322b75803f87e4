import type { ImageUse, UploadedImage } from '@tradelist/contract/operator-content';
import { OPERATOR_UPLOAD_FIELD } from '@tradelist/contract/operator-content';
import type { AppContext } from '../../../context.ts';
import { recordOperatorAction, type Actor } from '../../../audit/audit-log.ts';
import { contentImageFolder, type ImageTarget, reencodeImage, writeImageFile } from '../../profile/index.ts';

/**
 * The stored size of each kind of image the operator uploads: thumbnails and category images are
 * cropped to 16:9 cards, an author's picture to a square, a paragraph's image keeps its shape.
 */
const targets: Record<ImageUse, ImageTarget> = {
  thumbnail: { field: OPERATOR_UPLOAD_FIELD, width: 1200, height: 675, fit: 'cover' },
  category: { field: OPERATOR_UPLOAD_FIELD, width: 800, height: 450, fit: 'cover' },
  author: { field: OPERATOR_UPLOAD_FIELD, width: 256, height: 256, fit: 'cover' },
  paragraph: { field: OPERATOR_UPLOAD_FIELD, width: 1280, height: 1280, fit: 'inside' },
};

/**
 * Stores an image for the public site through the profile pictures' pipeline (product §11.13:
 * checked by content, at most 40 megapixels, re-encoded to a WebP without metadata, a random
 * name). Answers its site path, which a post or a category then refers to. The upload is written
 * to the audit log.
 */
export async function uploadContentImage(ctx: AppContext, actor: Actor, use: ImageUse, upload: Uint8Array): Promise<UploadedImage> {
  const image = await reencodeImage(upload, targets[use]);
  const fileName = await writeImageFile(ctx.uploads, contentImageFolder, image.data);
  const url = `${contentImageFolder.urlPrefix}${fileName}`;
  await ctx.db.transaction().execute(async (trx) => {
    await recordOperatorAction(trx, ctx.clock.now(), actor, { action: 'image.upload', subjectType: 'image', subjectId: fileName, after: { url, use, width: image.width, height: image.height } });
  });
  return { url, width: image.width, height: image.height };
}
