import { readFileSync } from 'node:fs';
import type { Db } from '../../database.ts';
import { guideSlugs, insertGuideResource, insertGuideVideo } from '../../../modules/guide/repositories/guide-media.ts';
import { requireCaptions, requireVideo } from '../../../modules/guide/services/guide-file-checks.ts';
import { guideDocuments } from './guides.ts';
import { renderGuidePdf } from './pdf.ts';
import { sampleVideoFiles, sampleVideos } from './videos.ts';

/**
 * Adds the sample user guide (product §2.14): the three PDFs, generated here (pdf-lib) with the
 * same bytes on every run, and the two videos recorded from the product (media/, see videos.ts),
 * checked as an operator's upload would be. Only what is missing is added, so content the
 * operator replaced stays. Answers the slugs it added.
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
    const files = sampleVideoFiles(video.slug);
    const content = readFileSync(files.video);
    const container = requireVideo(content);
    await insertGuideVideo(db, {
      slug: video.slug,
      title: video.title,
      description: video.description,
      media_type: container.mediaType,
      content,
      duration_seconds: container.durationSeconds,
      poster_media_type: 'image/webp',
      poster: readFileSync(files.poster),
      captions: requireCaptions(readFileSync(files.captions)),
      position,
      created_at: now,
    });
    added.push(video.slug);
  }
  return added;
}
