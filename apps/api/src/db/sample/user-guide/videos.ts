import sharp from 'sharp';
import { vp8FromWebp, writeWebm } from './webm.ts';

/**
 * The user guide's two sample videos (product §2.14): silent walkthroughs of the dashboard,
 * drawn as simple screens (SVG) with a moving pointer, encoded frame by frame with the image
 * library and put in a WebM file (webm.ts); no video tool is needed. Each scene has a caption,
 * which is also the video's WebVTT track.
 */
type Screen = 'catalog' | 'markups' | 'download' | 'sync' | 'summary';

interface Scene {
  screen: Screen;
  /** The sidebar entry that is active. */
  section: number;
  caption: string;
  /** Pointer path, in 640×360 coordinates: from, to. */
  pointer: [[number, number], [number, number]];
}

export interface SampleVideo {
  slug: string;
  title: string;
  description: string;
  scenes: Scene[];
}

const WIDTH = 640;
const HEIGHT = 360;
const FRAME_MS = 250;
const SCENE_MS = 3_000;
const SIDEBAR = ['Catalogs', 'Configurations', 'Subscriptions', 'Settings', 'User Guide'];

export const sampleVideos: readonly SampleVideo[] = [
  {
    slug: 'markups-and-first-download',
    title: 'Set your markups and download a price list',
    description: 'Markups by cost band and tax, then your first price list file.',
    scenes: [
      { screen: 'markups', section: 1, caption: 'Open Configurations and enter a markup for each cost band.', pointer: [[80, 80], [330, 150]] },
      { screen: 'markups', section: 1, caption: 'Add your tax rate, check the preview and press Save.', pointer: [[330, 150], [520, 300]] },
      { screen: 'catalog', section: 0, caption: 'In Catalogs, pick the edition you need and press Download.', pointer: [[80, 60], [200, 249]] },
      { screen: 'download', section: 0, caption: 'Choose CSV or Excel, and the QuickBooks layout if you import there.', pointer: [[200, 249], [460, 257]] },
    ],
  },
  {
    slug: 'sync-quickbooks-jobber',
    title: 'Sync an edition to QuickBooks Online or Jobber',
    description: 'Connect once, then send the current edition with your prices to your accounting or field software.',
    scenes: [
      { screen: 'catalog', section: 0, caption: 'In Catalogs, press Sync on the current edition.', pointer: [[100, 300], [268, 249]] },
      { screen: 'sync', section: 0, caption: 'Choose QuickBooks or Jobber. The first time, sign in and allow access.', pointer: [[268, 249], [280, 201]] },
      { screen: 'summary', section: 0, caption: 'Items are matched by SKU: prices are updated, nothing is duplicated.', pointer: [[300, 200], [420, 280]] },
      { screen: 'summary', section: 3, caption: 'Settings, Connections shows each connection and lets you disconnect.', pointer: [[420, 280], [70, 152]] },
    ],
  },
];

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const label = (x: number, y: number, value: string, size = 12, fill = '#1f2933', weight = 400) =>
  `<text x="${x}" y="${y}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}" font-weight="${weight}" fill="${fill}">${escape(value)}</text>`;
const box = (x: number, y: number, w: number, h: number, fill: string, extra = '') => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${fill}" ${extra}/>`;
const button = (x: number, y: number, w: number, value: string, fill = '#17548c') => box(x, y, w, 26, fill) + label(x + 12, y + 17, value, 12, '#ffffff', 700);

function content(screen: Screen): string {
  switch (screen) {
    case 'catalog':
      return (
        label(150, 90, 'Catalogs', 18, '#1f2933', 700) +
        ['Electrical', 'Plumbing', 'HVAC'].map((name, i) => box(150 + i * 160, 110, 148, 170, '#ffffff', 'stroke="#d5dbe1"') + label(162 + i * 160, 138, name, 14, '#1f2933', 700) + label(162 + i * 160, 160, 'Current edition', 11, '#66727f') + button(160 + i * 160, 236, 82, 'Download') + button(246 + i * 160, 236, 46, 'Sync', '#2f855a')).join('')
      );
    case 'markups':
      return (
        label(150, 90, 'Configurations', 18, '#1f2933', 700) +
        ['$0 – $10', '$10 – $50', '$50 – $100', '$100 – $500', '$500 – $1,000', 'Over $1,000']
          .map((band, i) => label(150 + (i % 2) * 230, 130 + Math.floor(i / 2) * 50, band, 11, '#66727f') + box(150 + (i % 2) * 230, 136 + Math.floor(i / 2) * 50, 200, 24, '#ffffff', 'stroke="#c4ccd4"') + label(160 + (i % 2) * 230, 153 + Math.floor(i / 2) * 50, `${[45, 35, 30, 25, 20, 15][i]} %`, 12))
          .join('') +
        label(150, 300, 'Tax 8.25 %', 12) +
        button(480, 287, 70, 'Save')
      );
    case 'download':
      return content('catalog') + box(230, 150, 300, 130, '#ffffff', 'stroke="#9aa5b1"') + label(248, 178, 'Download Electrical', 14, '#1f2933', 700) + label(248, 202, 'File:  CSV   ·   Excel (.xlsx)', 12) + label(248, 224, 'Layout:  Price list  ·  QuickBooks', 12) + button(420, 244, 96, 'Download');
    case 'sync':
      return content('catalog') + box(200, 140, 300, 130, '#ffffff', 'stroke="#9aa5b1"') + label(218, 168, 'Sync Electrical to', 14, '#1f2933', 700) + button(218, 188, 120, 'QuickBooks', '#2f855a') + button(352, 188, 120, 'Jobber', '#17548c') + label(218, 246, 'Your markups are applied to every item.', 11, '#66727f');
    case 'summary':
      return (
        label(150, 90, 'Sync finished', 18, '#1f2933', 700) +
        box(150, 110, 400, 150, '#ffffff', 'stroke="#d5dbe1"') +
        label(170, 145, 'Created   1,204 items', 14) +
        label(170, 175, 'Updated   8,913 items', 14) +
        label(170, 205, 'Skipped   0 items', 14) +
        label(170, 240, 'Running it again changes nothing.', 11, '#66727f')
      );
  }
}

/** A scene's still screen: the dashboard with the scene's screen and its caption. */
function sceneSvg(scene: Scene): string {
  const sidebar = SIDEBAR.map((item, i) => (i === scene.section ? box(8, 48 + i * 36, 104, 28, '#2b6cb0') : '') + label(18, 67 + i * 36, item, 11, '#ffffff', i === scene.section ? 700 : 400)).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="#f4f6f8"/>
<rect width="120" height="${HEIGHT}" fill="#0f2d4a"/>${label(16, 30, 'Tradelist', 15, '#ffffff', 700)}${sidebar}
<rect x="120" width="${WIDTH - 120}" height="44" fill="#ffffff"/><circle cx="${WIDTH - 24}" cy="22" r="13" fill="#c4ccd4"/>${label(WIDTH - 150, 27, 'Dana Demo', 12, '#1f2933', 700)}
${content(scene.screen)}
<rect y="${HEIGHT - 40}" width="${WIDTH}" height="40" fill="#000000" fill-opacity="0.72"/>${label(16, HEIGHT - 15, scene.caption, 13, '#ffffff')}
</svg>`;
}

const POINTER_BOX = 64;

/**
 * The pointer at `t` (0 to 1) of the scene's path, eased, with a click ring once it arrives: a
 * small image laid over the still screen at `left`, `top`.
 */
function pointerOverlay(scene: Scene, t: number): { input: Buffer; left: number; top: number } {
  const eased = t < 0.8 ? 0.5 - Math.cos((Math.PI * t) / 0.8) / 2 : 1;
  const [[x0, y0], [x1, y1]] = scene.pointer;
  const x = Math.round(x0 + (x1 - x0) * eased);
  const y = Math.round(y0 + (y1 - y0) * eased);
  const left = Math.min(Math.max(0, x - POINTER_BOX / 2), WIDTH - POINTER_BOX);
  const top = Math.min(Math.max(0, y - POINTER_BOX / 2), HEIGHT - POINTER_BOX);
  const [px, py] = [x - left, y - top];
  const ring = t >= 0.8 ? `<circle cx="${px}" cy="${py}" r="${6 + (t - 0.8) * 60}" fill="none" stroke="#f59e0b" stroke-width="3"/>` : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${POINTER_BOX}" height="${POINTER_BOX}">${ring}<path d="M${px} ${py} l0 18 l5 -5 l4 9 l3 -1.5 l-4 -9 l7 0 z" fill="#111111" stroke="#ffffff" stroke-width="1.5"/></svg>`;
  return { input: Buffer.from(svg), left, top };
}

/** WebVTT time: hh:mm:ss.mmm. */
const vttTime = (ms: number) => new Date(ms).toISOString().slice(11, 23);

export function captionsOf(video: SampleVideo): string {
  const cues = video.scenes.map((scene, i) => `${i + 1}\n${vttTime(i * SCENE_MS)} --> ${vttTime((i + 1) * SCENE_MS)}\n${scene.caption}\n`);
  return `WEBVTT\n\n${cues.join('\n')}`;
}

/** One frame as a lossy, opaque WebP (its payload is the VP8 key frame the video needs). */
async function encodeFrame(still: Buffer, overlay: { input: Buffer; left: number; top: number }, quality: number): Promise<Buffer> {
  return sharp(still).composite([overlay]).flatten({ background: '#ffffff' }).webp({ quality, effort: 0 }).toBuffer();
}

/**
 * Renders one video: the WebM file, its poster (a WebP of the first scene) and its captions.
 * Each scene's screen is drawn once; frames only move the pointer over it.
 */
export async function renderSampleVideo(video: SampleVideo): Promise<{ webm: Buffer; poster: Buffer; captions: string; durationSeconds: number }> {
  const framesPerScene = SCENE_MS / FRAME_MS;
  const frames: Buffer[] = [];
  let poster: Buffer | undefined;
  for (const scene of video.scenes) {
    const still = await sharp(Buffer.from(sceneSvg(scene))).png({ compressionLevel: 0 }).toBuffer();
    poster ??= await encodeFrame(still, pointerOverlay(scene, 1), 80);
    // The frames of a scene are encoded side by side (sharp works on its own threads).
    const encoded = await Promise.all(Array.from({ length: framesPerScene }, (_, i) => encodeFrame(still, pointerOverlay(scene, i / (framesPerScene - 1)), 60)));
    frames.push(...encoded.map(vp8FromWebp));
  }
  const webm = writeWebm({ width: WIDTH, height: HEIGHT, frameMs: FRAME_MS, frames });
  return { webm, poster: poster!, captions: captionsOf(video), durationSeconds: (frames.length * FRAME_MS) / 1000 };
}
