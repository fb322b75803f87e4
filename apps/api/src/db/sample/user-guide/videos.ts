import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The user guide's two sample videos (product §2.14): silent walkthroughs recorded from the real
 * product by `npm run guide:record` (scripts/record-guide-videos.ts) and kept beside this file in
 * media/: `<slug>.webm` (VP8), `<slug>.poster.webp` and `<slug>.vtt`, the one caption track.
 * The frames carry no caption of their own: the player shows the track.
 */
export interface SampleVideo {
  slug: string;
  title: string;
  description: string;
}

export const sampleVideos: readonly SampleVideo[] = [
  {
    slug: 'markups-and-first-download',
    title: 'Set your markups and download a price list',
    description: 'Markups for the six price bands and your sales tax, then your first price list file.',
  },
  {
    slug: 'sync-quickbooks-jobber',
    title: 'Sync an edition to QuickBooks Online or Jobber',
    description: 'Connect once, then send the current edition with your prices to your accounting or field software.',
  },
];

/**
 * The folder of the recorded files: beside this file when it runs from the sources, and in the
 * sources too when it runs bundled into apps/api/dist (the files are not copied there).
 */
export function sampleMediaDir(): string {
  const beside = path.join(import.meta.dirname, 'media');
  if (existsSync(beside)) return beside;
  return path.resolve(import.meta.dirname, '..', 'src', 'db', 'sample', 'user-guide', 'media');
}

/** Where one video's recorded files are. */
export function sampleVideoFiles(slug: string, dir = sampleMediaDir()): { video: string; poster: string; captions: string } {
  return { video: path.join(dir, `${slug}.webm`), poster: path.join(dir, `${slug}.poster.webp`), captions: path.join(dir, `${slug}.vtt`) };
}
