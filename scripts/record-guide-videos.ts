/**
 * `npm run guide:record`: records the user guide's two walkthrough videos from the real product
 * (docs/decisions/0032-guide-videos-recorded-from-the-product.md). It builds the app (skip with
 * `--no-build`), starts it as `npm run lighthouse` does (the simulators, a fresh embedded database
 * with the sample data, the built server), signs in as the sample subscriber and drives Chromium
 * through each walkthrough. Every frame is a screenshot of the page, with a pointer drawn where
 * the script moves and clicks; a frame is kept only when the picture changes. sharp encodes the
 * frames as VP8 (a lossy WebP's payload) and webm.ts writes the WebM file, so no video tool is
 * needed. Each video gets its poster and one WebVTT caption track whose cues start when the
 * script reaches the step they describe. The files are written to
 * apps/api/src/db/sample/user-guide/media/, where the seed loads them from.
 * `--frames <dir>` also writes every kept frame as a PNG there, to look at.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { sampleVideoFiles, sampleVideos } from '../apps/api/src/db/sample/user-guide/videos.ts';
import { vp8FromWebp, writeWebm, type WebmFrame } from '../apps/api/src/db/sample/user-guide/webm.ts';
import { markupFieldLabels, userFactorLabels } from '../apps/web/src/features/markups/utils/field-labels.ts';
import { chromiumArgs, chromiumExecutable } from '../e2e/support/chromium.ts';
import { startBuiltServer } from './built-server.ts';

const root = path.resolve(import.meta.dirname, '..');
/** The browser window the product is shown in, and the size of the video (three quarters of it). */
const VIEWPORT = { width: 1280, height: 720 };
const VIDEO = { width: 960, height: 540 };
const SCALE = VIDEO.width / VIEWPORT.width;
/**
 * The video's clock: the pointer moves and text is typed in steps of 200 ms (5 frames a second);
 * a page left to itself is looked at every 400 ms. Every frame is a key frame (about 20 kB), so
 * the number of frames is the file's size.
 */
const FRAME_MS = 200;
const HOLD_STEP_MS = 400;
const WEBP_QUALITY = 72;
const account = { email: 'subscriber@example.com', password: 'tradelist-subscriber-2024' };

interface Point {
  x: number;
  y: number;
}

interface Shot {
  png: Buffer;
  hash: string;
}

/** One step of the video's clock: a screenshot, where the pointer is, and a click ring's size (0 to 1). */
interface Step {
  timeMs: number;
  shot: Shot;
  pointer: Point;
  ring: number | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Drives the page and keeps what it shows on the video's clock: `hold` takes a screenshot per
 * step while the page does what it does; moving the pointer reuses one screenshot.
 */
class Recorder {
  readonly steps: Step[] = [];
  readonly cues: Array<{ startMs: number; text: string }> = [];
  posterShot: Shot | undefined;
  private timeMs = 0;
  private pointer: Point = { x: VIEWPORT.width * 0.55, y: VIEWPORT.height * 0.6 };

  constructor(readonly page: Page) {}

  get durationMs(): number {
    return this.timeMs;
  }

  private async shoot(): Promise<Shot> {
    const png = await this.page.screenshot({ type: 'png', caret: 'hide' });
    return { png, hash: createHash('sha256').update(png).digest('hex') };
  }

  private push(shot: Shot, ring: number | null = null, ms = FRAME_MS): void {
    this.steps.push({ timeMs: this.timeMs, shot, pointer: { ...this.pointer }, ring });
    this.timeMs += ms;
  }

  /** The caption shown from now until the next one. */
  caption(text: string): void {
    this.cues.push({ startMs: this.timeMs, text });
  }

  /**
   * Shows the page as it is for `ms` of video, a screenshot every 400 ms (the page may still be
   * moving: a toast comes in, a list loads); a frame that changes costs as much as a still.
   */
  async hold(ms: number): Promise<void> {
    for (let elapsed = 0; elapsed < ms; elapsed += HOLD_STEP_MS) {
      const started = Date.now();
      this.push(await this.shoot(), null, HOLD_STEP_MS);
      await sleep(HOLD_STEP_MS - (Date.now() - started));
    }
  }

  /**
   * Waits until `ready` holds, 400 ms of video per second of waiting (a long wait plays faster),
   * then holds the result for `thenMs`.
   */
  async waitFor(ready: Locator, thenMs = 1_600, timeoutMs = 90_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await ready.isVisible())) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${ready.toString()}`);
      this.push(await this.shoot(), null, HOLD_STEP_MS);
      await sleep(1_000);
    }
    await this.hold(thenMs);
  }

  /** Uses what the page shows now as the video's poster. */
  async poster(): Promise<void> {
    this.posterShot = await this.shoot();
  }

  /** Scrolls the page (a few steps) until `target` is well inside the window. */
  async reveal(target: Locator): Promise<void> {
    await target.waitFor({ state: 'visible' });
    for (let attempt = 0; attempt < 12; attempt++) {
      const box = await target.boundingBox();
      if (!box) return;
      const margin = 90;
      const off = box.y < margin ? box.y - margin : box.y + box.height > VIEWPORT.height - margin ? box.y + box.height - (VIEWPORT.height - margin) : 0;
      if (off === 0) return;
      const before = await this.page.evaluate<number>('window.scrollY');
      await this.page.mouse.wheel(0, Math.sign(off) * Math.min(Math.abs(off), 180));
      await sleep(120);
      if ((await this.page.evaluate<number>('window.scrollY')) === before) {
        // Not the window that scrolls (a dialog's body): let the browser bring it in.
        await target.scrollIntoViewIfNeeded();
        this.push(await this.shoot());
        return;
      }
      this.push(await this.shoot());
    }
  }

  /** Moves the pointer to the middle of `target` (eased, over a few steps), hovering it at the end. */
  async moveTo(target: Locator): Promise<void> {
    await this.reveal(target);
    const box = await target.boundingBox();
    if (!box) throw new Error(`${target.toString()} is not on the page`);
    const to = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const from = { ...this.pointer };
    const distance = Math.hypot(to.x - from.x, to.y - from.y);
    const steps = Math.max(2, Math.min(3, Math.round(distance / 200)));
    const still = await this.shoot();
    for (let i = 1; i <= steps; i++) {
      const t = 0.5 - Math.cos((Math.PI * i) / steps) / 2;
      this.pointer = { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t };
      this.push(still);
    }
    await this.page.mouse.move(to.x, to.y);
    await sleep(60);
  }

  /** Moves to `target` and clicks it, with a ring where the click happens. */
  async click(target: Locator): Promise<void> {
    await this.moveTo(target);
    this.push(await this.shoot(), 0.6);
    await target.click();
    await this.hold(HOLD_STEP_MS);
  }

  /** Types `text` into `target`, the field that has the focus, a step per character. */
  async typeHere(target: Locator, text: string): Promise<void> {
    for (const character of text) {
      await target.pressSequentially(character);
      this.push(await this.shoot());
    }
  }

  /** Presses a key (Tab to the next field), a step. */
  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key);
    this.push(await this.shoot());
  }
}

/** The pointer (an arrow, and a ring while clicking) as an image the size of the video's frame. */
function pointerOverlay(pointer: Point, ring: number | null): Buffer {
  const x = pointer.x * SCALE;
  const y = pointer.y * SCALE;
  const circle = ring === null ? '' : `<circle cx="${x}" cy="${y}" r="${8 + ring * 16}" fill="#f97316" fill-opacity="${0.45 - ring * 0.25}" stroke="#f97316" stroke-width="2.5"/>`;
  const arrow = `<path transform="translate(${x} ${y}) scale(1.15)" d="M0 0 L0 19 L5 14.5 L8.6 22.5 L12 21 L8.4 13 L15 13 Z" fill="#111827" stroke="#ffffff" stroke-width="1.6" stroke-linejoin="round"/>`;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${VIDEO.width}" height="${VIDEO.height}">${circle}${arrow}</svg>`);
}

const resized = (png: Buffer) => sharp(png).resize(VIDEO.width, VIDEO.height, { kernel: 'lanczos3' });

/** WebVTT time: hh:mm:ss.mmm. */
const vttTime = (ms: number) => new Date(ms).toISOString().slice(11, 23);

function captionsOf(recorder: Recorder): string {
  const cues = recorder.cues.map((cue, index) => {
    const end = recorder.cues[index + 1]?.startMs ?? recorder.durationMs;
    return `${index + 1}\n${vttTime(cue.startMs)} --> ${vttTime(end)}\n${cue.text}\n`;
  });
  return `WEBVTT\n\n${cues.join('\n')}`;
}

/** Encodes the steps whose picture differs from the one before (a still screen is one frame). */
async function encode(recorder: Recorder, framesDir: string | undefined): Promise<{ webm: Buffer; frames: number }> {
  const frames: WebmFrame[] = [];
  let previous = '';
  for (const step of recorder.steps) {
    const key = `${step.shot.hash}:${Math.round(step.pointer.x)}:${Math.round(step.pointer.y)}:${step.ring}`;
    if (key === previous) continue;
    previous = key;
    const composed = resized(step.shot.png).composite([{ input: pointerOverlay(step.pointer, step.ring), left: 0, top: 0 }]);
    if (framesDir) await composed.clone().png().toFile(path.join(framesDir, `${String(step.timeMs).padStart(6, '0')}.png`));
    const webp = await composed.flatten({ background: '#ffffff' }).webp({ quality: WEBP_QUALITY, effort: 6, smartSubsample: true }).toBuffer();
    frames.push({ timeMs: step.timeMs, vp8: vp8FromWebp(webp) });
  }
  return { webm: writeWebm({ width: VIDEO.width, height: VIDEO.height, durationMs: recorder.durationMs, frames }), frames: frames.length };
}

/** Signs in through the login page and answers the onboarding questions, before any recording. */
async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const onboarded = await page.request.post('/api/onboarding/', {
    headers: { 'x-xsrf-token': xsrf, 'x-user-email': account.email },
    data: { software: 'QuickBooks', team_size: '1-5', referral_source: 'Google Search', phone_number: '', can_contact: false },
  });
  if (!onboarded.ok()) throw new Error(`Onboarding the sample subscriber failed: ${onboarded.status()} ${await onboarded.text()}`);
}

/** The Electrical list's current edition on the Catalogs screen. */
const currentEdition = (page: Page) => page.getByRole('region', { name: 'All Collections' }).getByRole('article').first();
const sidebarLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name });
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

/** Walkthrough 1: markups for the six bands and the sales tax, saved; then a price list downloaded. */
async function markupsAndFirstDownload(recorder: Recorder): Promise<void> {
  const { page } = recorder;
  await page.goto('/dashboard');
  await currentEdition(page).waitFor();
  recorder.caption('Start in Catalogs. First set your markups: open Configurations.');
  await recorder.hold(1_400);
  await recorder.click(sidebarLink(page, 'Configurations'));
  await page.getByRole('heading', { name: 'Configurations', level: 1 }).waitFor();
  await page.getByRole('status').filter({ hasText: 'Loading your saved markups' }).waitFor({ state: 'hidden' });
  recorder.caption('Enter a markup for each of the six cost bands: cheap items usually carry more.');
  const percents = ['45', '35', '30', '25', '20', '15'];
  const bands = Object.values(markupFieldLabels).map((label) => page.getByLabel(label, { exact: true }));
  const tax = page.getByLabel(userFactorLabels.tax, { exact: true });
  for (const field of [...bands, tax]) await field.fill('');
  await recorder.click(bands[0]!);
  for (const [index, field] of bands.entries()) {
    if (index > 0) await recorder.press('Tab');
    await recorder.typeHere(field, percents[index]!);
  }
  recorder.caption('Add your sales tax: it is applied after the markup.');
  await recorder.press('Tab');
  await recorder.typeHere(tax, '8.25');
  await recorder.poster();
  recorder.caption('Press Save markups. Every list you download now carries your prices.');
  await recorder.click(page.getByRole('button', { name: 'Save markups' }));
  await recorder.waitFor(toast(page, 'Your markups are saved!'), 2_400);
  recorder.caption('Back in Catalogs, press Download CSV or Download Excel on the current edition.');
  await recorder.click(sidebarLink(page, 'Catalogs'));
  const edition = currentEdition(page);
  await edition.waitFor();
  await recorder.hold(600);
  await recorder.click(edition.getByRole('button', { name: 'Download Excel' }));
  const dialog = page.getByRole('dialog', { name: 'Download price list' });
  await dialog.waitFor();
  recorder.caption('Choose the layout: the price list, a QuickBooks Online import or the changes since last month.');
  await recorder.hold(1_600);
  await recorder.click(dialog.getByRole('radio', { name: 'Price list', exact: true }));
  recorder.caption('Your markups are set, so answer Yes: the file downloads with your prices.');
  const download = page.waitForEvent('download');
  await recorder.click(dialog.getByRole('button', { name: 'Yes' }));
  await (await download).path();
  await recorder.waitFor(toast(page, 'Successfully downloaded pricelist'), 3_000);
}

/** Walkthrough 2: QuickBooks Online connected through its consent page, an edition synced, then Settings, Connections. */
async function syncQuickBooksOrJobber(recorder: Recorder): Promise<void> {
  const { page } = recorder;
  await page.goto('/dashboard');
  const edition = currentEdition(page);
  await edition.waitFor();
  recorder.caption('To send a list to QuickBooks Online or Jobber, press Sign in to Sync on the edition.');
  await recorder.hold(1_200);
  await recorder.click(edition.getByRole('button', { name: 'Sign in to Sync' }));
  const chooser = page.getByRole('dialog', { name: 'Sign in to Sync' });
  await chooser.waitFor();
  recorder.caption('Choose your software. You sign in there once; Tradelist keeps the connection.');
  await recorder.hold(1_600);
  await recorder.click(chooser.getByRole('button', { name: 'Sign in to QuickBooks Online' }));
  await page.getByRole('heading', { name: 'Tradelist wants to connect' }).waitFor();
  recorder.caption('QuickBooks asks which company to connect: pick it and press Connect.');
  await recorder.hold(1_600);
  await recorder.click(page.getByRole('radio').first());
  await recorder.click(page.getByRole('button', { name: 'Connect' }));
  recorder.caption('Back in Tradelist, the connection is confirmed.');
  await recorder.waitFor(toast(page, 'Authentication completed, now you can sync'), 1_600);
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 });
  await edition.waitFor();
  recorder.caption('Press Sync on the edition and confirm: your marked-up prices are sent.');
  await recorder.hold(1_000);
  await recorder.click(edition.getByRole('button', { name: 'Sync', exact: true }));
  const confirm = page.getByRole('dialog', { name: 'Sync-up' });
  await confirm.waitFor();
  await recorder.hold(2_400);
  await recorder.click(confirm.getByRole('button', { name: 'Yes' }));
  recorder.caption('Items are matched by SKU: new ones are created, changed prices updated, nothing duplicated.');
  const summary = edition.getByText('Last synced to QuickBooks Online on');
  await recorder.waitFor(summary, 400);
  await recorder.reveal(summary);
  await recorder.poster();
  await recorder.hold(3_000);
  recorder.caption('Settings, Connections shows each connection and lets you disconnect.');
  await recorder.click(sidebarLink(page, 'Settings'));
  await recorder.click(page.getByRole('tab', { name: 'Connections' }));
  await recorder.waitFor(page.getByRole('region', { name: 'QuickBooks Online', exact: true }).getByText('Connected', { exact: true }), 3_400);
}

const walkthroughs: Record<string, (recorder: Recorder) => Promise<void>> = {
  'markups-and-first-download': markupsAndFirstDownload,
  'sync-quickbooks-jobber': syncQuickBooksOrJobber,
};

const args = process.argv.slice(2);
const framesArg = args.indexOf('--frames');
const framesRoot = framesArg >= 0 ? path.resolve(process.env.INIT_CWD ?? process.cwd(), args[framesArg + 1] ?? 'guide-frames') : undefined;
if (!args.includes('--no-build')) {
  const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const server = await startBuiltServer();
const browser = await chromium.launch({ executablePath: await chromiumExecutable(), args: chromiumArgs });
try {
  const context = await browser.newContext({ baseURL: server.url, viewport: VIEWPORT, deviceScaleFactor: 1, acceptDownloads: true });
  const page = await context.newPage();
  if (process.env.GUIDE_RECORD_DEBUG) page.on('response', (response) => console.log(response.status(), response.request().method(), response.url()));
  await signIn(page);
  for (const video of sampleVideos) {
    const walkthrough = walkthroughs[video.slug];
    if (!walkthrough) throw new Error(`No walkthrough is written for ${video.slug}`);
    const recorder = new Recorder(page);
    try {
      await walkthrough(recorder);
    } catch (error) {
      const shot = path.join(framesRoot ?? root, `${video.slug}-failed.png`);
      await page.screenshot({ path: shot });
      console.error(`${video.slug}: the walkthrough stopped; the page as it was is in ${shot}`);
      throw error;
    }
    const framesDir = framesRoot ? path.join(framesRoot, video.slug) : undefined;
    if (framesDir) mkdirSync(framesDir, { recursive: true });
    const { webm, frames } = await encode(recorder, framesDir);
    const files = sampleVideoFiles(video.slug);
    mkdirSync(path.dirname(files.video), { recursive: true });
    writeFileSync(files.video, webm);
    writeFileSync(files.poster, await resized((recorder.posterShot ?? recorder.steps[0]!.shot).png).webp({ quality: 80 }).toBuffer());
    writeFileSync(files.captions, captionsOf(recorder));
    console.log(`${video.slug}: ${(recorder.durationMs / 1000).toFixed(1)} s, ${frames} frames, ${(webm.length / 1024 / 1024).toFixed(2)} MB, ${recorder.cues.length} captions`);
  }
} finally {
  await browser.close();
  await server.stop();
}
