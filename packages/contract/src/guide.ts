import { z } from 'zod';
import { idField } from './fields.ts';

/**
 * product §3.9: a user guide resource. `name`, `description` and `file_content` (the PDF, base64)
 * are the product's fields; **Ours:** `id` and `file_name` name the same PDF's download
 * (`GET /user-guide-resources/{id}/file/`).
 */
export const userGuideResource = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  file_name: z.string(),
  file_content: z.string().describe('The PDF, base64'),
});
export type UserGuideResource = z.infer<typeof userGuideResource>;
export const userGuideResourcesResponse = z.array(userGuideResource);

/** product §2.14: one of the guide's videos, with its poster image and WebVTT captions. */
export const userGuideVideo = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  duration_seconds: z.number(),
  video_url: z.string(),
  video_type: z.string(),
  poster_url: z.string(),
  captions_url: z.string(),
});
export type UserGuideVideo = z.infer<typeof userGuideVideo>;
export const userGuideVideosResponse = z.array(userGuideVideo);

export const userGuideItemParams = z.object({ id: idField() });

export const PDF_MEDIA_TYPE = 'application/pdf';
export const WEBVTT_MEDIA_TYPE = 'text/vtt';
