import { z } from 'zod';
import { CUSTOM_URL_PATTERN } from './content.ts';
import { idField, singleLine } from './fields.ts';

/**
 * The console's content parts (product §10.13): categories, plans, blog posts, the user guide,
 * and the images they show. Images are uploaded first (`POST /operator/images/`), re-encoded by
 * the server, and then referred to by the site path the upload answered.
 */

const tooLong = (max: number) => ({ error: `Ensure this field has no more than ${max} characters.` });
const requiredText = (max: number) => singleLine(z.string().trim().min(1, { error: 'This field is required.' }).max(max, tooLong(max)));
const optionalText = (max: number) => singleLine(z.string().trim().max(max, tooLong(max)));

/** A path on this site (an uploaded image's URL, or a bundled image under /images2/). */
export const sitePathField = z
  .string()
  .max(300, tooLong(300))
  .regex(/^\/(?!\/)[A-Za-z0-9._/-]+$/, { error: 'Use an image uploaded here, or a path on this site such as /images2/blog/picture.svg.' });

export const operatorItemParams = z.object({ id: idField() });

// ---- images ----

/** The multipart field of every operator upload. */
export const OPERATOR_UPLOAD_FIELD = 'file';

/** product §11.13's limit for every raster image the console uploads. */
export const OPERATOR_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * What an uploaded image is for; each use has its stored size (product §11.13: re-encoded to
 * WebP). `thumbnail` and `paragraph` belong to posts, `author` to a post's author, `category`
 * to a category's cards.
 */
export const imageUses = ['thumbnail', 'author', 'paragraph', 'category'] as const;
export type ImageUse = (typeof imageUses)[number];
export const uploadImageQuery = z.object({ use: z.enum(imageUses, { error: 'Say what the image is for: thumbnail, author, paragraph or category.' }) });
export const uploadedImageResponse = z.object({ url: z.string(), width: z.int(), height: z.int() });
export type UploadedImage = z.infer<typeof uploadedImageResponse>;

// ---- categories ----

/** A category as the console edits it (product §3.5, plus its slug and image). */
export const operatorCategory = z.object({
  id: z.int(),
  name: z.string(),
  /** Fixed when the category is created: edition codes are built from it (`ELECTRICAL-2026-12`). */
  slug: z.string(),
  tagline: z.string().nullable(),
  image: z.string().nullable(),
  is_free: z.boolean(),
  is_announced: z.boolean(),
  edition_count: z.int(),
});
export type OperatorCategory = z.infer<typeof operatorCategory>;
export const operatorCategoriesResponse = z.array(operatorCategory);

export const saveCategoryRequest = z.object({
  name: requiredText(60),
  tagline: optionalText(200).transform((value) => (value === '' ? null : value)).nullable(),
  image: sitePathField.nullable(),
  is_free: z.boolean(),
  /** Shown as coming soon, not on sale yet (Plumbing, Lumber). */
  is_announced: z.boolean(),
});
export type SaveCategoryRequest = z.input<typeof saveCategoryRequest>;

// ---- plans ----

/** How a plan is paid: `none` is the free plan; a paid plan renews every year or month, or is paid once for that period (product §10.9). */
export const planIntervals = ['none', 'year', 'month'] as const;

export const operatorPlan = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.int(),
  regular_price: z.int().nullable(),
  interval: z.enum(planIntervals),
  download_max: z.int(),
  is_free: z.boolean(),
  is_active: z.boolean(),
  stripe_product_id: z.string().nullable(),
  stripe_price_id_recurring: z.string().nullable(),
  stripe_price_id_one_time: z.string().nullable(),
  subscriber_count: z.int(),
});
export type OperatorPlan = z.infer<typeof operatorPlan>;
export const operatorPlansResponse = z.array(operatorPlan);

const MAX_PRICE_CENTS = 100_000_000;
export const freePlanPriceMessage = 'A free plan costs nothing: set the price to 0 or choose an interval.';
export const paidPlanPriceMessage = 'A paid plan needs a price above 0.';

/** A plan's fields; prices in integer cents. */
export const savePlanRequest = z
  .object({
    name: requiredText(100),
    description: requiredText(300),
    price: z.int({ error: 'Give the price in cents.' }).min(0).max(MAX_PRICE_CENTS),
    /** The normal price it is discounted from, shown struck through; null for none. */
    regular_price: z.int().min(1).max(MAX_PRICE_CENTS).nullable(),
    interval: z.enum(planIntervals, { error: 'Choose year, month or none (free).' }),
    download_max: z.int({ error: 'Give a whole number of downloads.' }).min(0).max(100_000),
    is_active: z.boolean(),
  })
  .superRefine((plan, issue) => {
    if (plan.interval === 'none' && plan.price !== 0) issue.addIssue({ code: 'custom', path: ['price'], message: freePlanPriceMessage });
    if (plan.interval !== 'none' && plan.price === 0) issue.addIssue({ code: 'custom', path: ['price'], message: paidPlanPriceMessage });
    if (plan.regular_price !== null && plan.regular_price <= plan.price) {
      issue.addIssue({ code: 'custom', path: ['regular_price'], message: 'The normal price must be above the price.' });
    }
  });
export type SavePlanRequest = z.input<typeof savePlanRequest>;

// ---- blog ----

export const customUrlMessage = 'Use lower-case letters and digits joined by single hyphens, not only digits (such as pricing-tips-2026).';

export const operatorPost = z.object({
  id: z.int(),
  custom_url: z.string().nullable(),
  title: z.string(),
  category: z.string(),
  intro: z.string(),
  author: z.string(),
  author_image: z.string(),
  thumbnail: z.string(),
  paragraphs: z.array(z.object({ text: z.string(), image: z.string().nullable() })),
  status: z.enum(['draft', 'published']),
  published_at: z.string().nullable(),
  updated_at: z.string(),
});
export type OperatorPost = z.infer<typeof operatorPost>;
export const operatorPostsResponse = z.array(operatorPost);

/** A post as the editor saves it; the same rules as the command line's post file. */
export const savePostRequest = z.object({
  custom_url: z.string().trim().max(120, tooLong(120)).regex(CUSTOM_URL_PATTERN, { error: customUrlMessage }),
  title: requiredText(200),
  category: requiredText(60),
  intro: requiredText(400),
  author: requiredText(100),
  author_image: sitePathField,
  thumbnail: sitePathField,
  paragraphs: z
    .array(z.object({ text: z.string().max(20_000, tooLong(20_000)), image: sitePathField.nullable() }))
    .min(1, { error: 'Write at least one paragraph.' })
    .max(100),
  status: z.enum(['draft', 'published']),
});
export type SavePostRequest = z.input<typeof savePostRequest>;

// ---- user guide ----

/** product §11.13's kind of limit for the guide's PDFs. */
export const GUIDE_PDF_MAX_BYTES = 20 * 1024 * 1024;
/** The largest guide video. */
export const GUIDE_VIDEO_MAX_BYTES = 100 * 1024 * 1024;
/** The largest captions file. */
export const GUIDE_CAPTIONS_MAX_BYTES = 512 * 1024;

export const operatorGuideResource = z.object({ id: z.int(), name: z.string(), description: z.string(), file_name: z.string(), size_bytes: z.int() });
export const operatorGuideVideo = z.object({
  id: z.int(),
  title: z.string(),
  description: z.string(),
  video_type: z.string(),
  duration_seconds: z.number(),
  size_bytes: z.int(),
  video_url: z.string(),
  poster_url: z.string(),
  captions_url: z.string(),
});
export const operatorGuideResponse = z.object({ resources: z.array(operatorGuideResource), videos: z.array(operatorGuideVideo) });
export type OperatorGuide = z.infer<typeof operatorGuideResponse>;

/** `POST /operator/guide-resources/?name=&description=` with the PDF as the multipart file. */
export const guideResourceFields = z.object({ name: requiredText(150), description: requiredText(500) });
export const reorderGuideResourcesRequest = z.object({ ids: z.array(idField()).min(1).max(200) });
export const guideVideoFields = z.object({ title: requiredText(150), description: requiredText(500) });
