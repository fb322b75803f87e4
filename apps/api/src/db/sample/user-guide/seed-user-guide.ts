import type { Db } from '../../database.ts';
import { guideSlugs, insertGuideResource, insertGuideVideo } from '../../../modules/guide/repositories/guide-media.ts';
import { guideDocuments } from './guides.ts';
import { renderGuidePdf } from './pdf.ts';
import { renderSampleVideo, sampleVideos } from './videos.ts';

/**
 * Adds the sample user guide (product §2.14): the three PDFs and the two videos, generated here
 * (pdf-lib, sharp and webm.ts; no outside tool) with the same bytes on every run. Only what is
 * missing is added, so content the operator replaced stays. Answers the slugs it added.
 */
export async function seedUserGuide(db: Db, now: Date): Promise<string[]> {
  const existing = await guideSlugs(db);
  const added: string[] = [];
  for (const [position, guide] of guideDocuments.entries()) {
    if (existing.resources.has(guide.slug)) continue;
    const content = Buffer.from(await renderGuidePdf(guide));
    await insertGuideResource(db, { slug: guide.slug, name: guide.name, description: guide.description, file_name: guide.fileName, content, position, created_at: now });
    added.push(guide.slug);
  }
  for (const [position, video] of sampleVideos.entries()) {
    if (existing.videos.has(video.slug)) continue;
    const rendered = await renderSampleVideo(video);
    await insertGuideVideo(db, {
      slug: video.slug,
      title: video.title,
      description: video.description,
      media_type: 'video/webm',
      content: rendered.webm,
      duration_seconds: rendered.durationSeconds,
      poster_media_type: 'image/webp',
      poster: rendered.poster,
      captions: rendered.captions,
      position,
      created_at: now,
    });
    added.push(video.slug);
  }
  return added;
}
