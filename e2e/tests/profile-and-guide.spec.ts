import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { profileMessages } from '../../apps/web/src/features/profile/utils/messages.ts';
import { createActivatedUser, signInThroughApi, uniqueEmail } from '../support/accounts.ts';
import { expectToast } from '../support/toasts.ts';

const password = 'copper wire profile 2026';

/** A new, onboarded user signed in on `page` (the onboarding dialog is not this file's subject). */
async function signedInUser(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await createActivatedUser(page.request, { name: 'Pat Picture', email, password });
  await signInThroughApi(page, { email, password });
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const onboarded = await page.request.post('/api/onboarding/', {
    headers: { 'x-xsrf-token': token, 'x-user-email': email },
    data: { software: 'Jobber', team_size: '1-5', referral_source: 'Other', phone_number: '', can_contact: false },
  });
  expect(onboarded.status()).toBe(200);
  return email;
}

// The Profile tab's picture, and the header's.
const picture = (page: Page) => page.getByRole('region', { name: 'Profile picture' }).getByRole('img');
const headerPicture = (page: Page) => page.locator('header').getByRole('img', { name: 'Profile picture', exact: true });

/** The settings screen, on its Profile tab. */
async function openProfileTab(page: Page): Promise<void> {
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Profile' }).click();
}

/** The loaded image's natural width (0 until it has loaded). */
const naturalWidth = (page: Page) => picture(page).evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

test.describe('profile picture (product §2.13 Profile tab)', () => {
  test('upload shows the new picture, a refused file says why, removal brings back the default', async ({ page }, testInfo) => {
    await signedInUser(page, 'picture');
    await openProfileTab(page);
    await expect(picture(page)).toHaveAttribute('alt', 'Default profile picture');
    await expect(headerPicture(page)).toHaveAttribute('src', '/images2/profile-pic.png');
    await expect(picture(page)).toHaveAttribute('src', '/images2/profile-pic.png');

    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 230, g: 120, b: 30 } } }).jpeg().toBuffer();
    await page.getByLabel('Choose a picture').setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('button', { name: 'Upload picture' }).click();
    await expectToast(page, profileMessages.updated);
    await expect(picture(page)).toHaveAttribute('alt', 'Your profile picture');
    await expect(picture(page)).toHaveAttribute('src', /^\/media\/profile-pictures\/[0-9a-f]{32}\.webp$/);
    await expect.poll(() => naturalWidth(page)).toBe(256);
    // The header shows the same picture.
    await expect(headerPicture(page)).toHaveAttribute('src', (await picture(page).getAttribute('src'))!);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: testInfo.outputPath(`settings-profile-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByLabel('Choose a picture').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await page.getByRole('button', { name: 'Upload picture' }).click();
    await expectToast(page, profileMessages.updateFailed);
    await expect(page.getByText('Choose a PNG, JPEG, WebP, GIF or AVIF image.')).toBeVisible();
    await expect(picture(page)).toHaveAttribute('alt', 'Your profile picture');

    await page.getByRole('button', { name: 'Remove picture' }).click();
    await expectToast(page, profileMessages.removed);
    await expect(picture(page)).toHaveAttribute('src', '/images2/profile-pic.png');
    await expect(headerPicture(page)).toHaveAttribute('src', '/images2/profile-pic.png');
    await expect(page.getByRole('button', { name: 'Remove picture' })).toBeDisabled();
  });

  test('a picture that cannot be read or removed: the default image and the messages of product §8.10', async ({ page }) => {
    await signedInUser(page, 'picture-fail');
    await page.route('**/api/users/*/profile-picture/', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL","error":"x"}' }));
    await openProfileTab(page);
    await expectToast(page, profileMessages.fetchFailed);
    await expect(picture(page)).toHaveAttribute('src', '/images2/profile-pic.png');
    await page.unroute('**/api/users/*/profile-picture/');

    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 30, g: 90, b: 200 } } }).png().toBuffer();
    await page.getByLabel('Choose a picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Upload picture' }).click();
    await expectToast(page, profileMessages.updated);
    await page.route('**/api/users/*/delete-profile-picture/', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"INTERNAL","error":"x"}' }));
    await page.getByRole('button', { name: 'Remove picture' }).click();
    await expectToast(page, profileMessages.removeFailed);
    await expect(picture(page)).toHaveAttribute('alt', 'Your profile picture');
  });
});

test.describe('user guide (product §2.14)', () => {
  test('each video shows its captions once: one <track>, shown by the player, and no caption drawn into the picture', async ({ page }) => {
    await signedInUser(page, 'guide-captions');
    await page.goto('/dashboard/user-guide');
    const videos = page.locator('video');
    await expect(videos).toHaveCount(2);
    for (const video of await videos.all()) {
      await expect(video.locator('track')).toHaveCount(1);
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.cues?.length ?? 0)).toBeGreaterThan(0);
      const seen = await video.evaluate(async (v: HTMLVideoElement) => {
        const textTracks = Array.from(v.textTracks, (track) => ({ kind: track.kind, language: track.language, mode: track.mode }));
        if (v.readyState < 1) await new Promise((resolve) => v.addEventListener('loadedmetadata', resolve, { once: true }));
        // The picture in the middle of each cue: a caption drawn into it would be a dark band
        // across the whole width at the bottom, in every cue (a page's own footer is not).
        const canvas = document.createElement('canvas');
        canvas.width = v.videoWidth;
        canvas.height = v.videoHeight;
        const context = canvas.getContext('2d', { willReadFrequently: true })!;
        const bands: boolean[] = [];
        for (const cue of Array.from(v.textTracks[0]!.cues!)) {
          v.currentTime = (cue.startTime + cue.endTime) / 2;
          await new Promise((resolve) => v.addEventListener('seeked', resolve, { once: true }));
          context.drawImage(v, 0, 0);
          const top = Math.floor(canvas.height * 0.86);
          const { data } = context.getImageData(0, top, canvas.width, canvas.height - top);
          let band = false;
          for (let row = 0; row < canvas.height - top && !band; row++) {
            let dark = 0;
            for (let x = 0; x < canvas.width; x++) {
              const at = (row * canvas.width + x) * 4;
              if (0.2126 * data[at]! + 0.7152 * data[at + 1]! + 0.0722 * data[at + 2]! < 90) dark++;
            }
            band = dark > canvas.width * 0.95;
          }
          bands.push(band);
        }
        return { textTracks, bands };
      });
      expect(seen.textTracks).toEqual([{ kind: 'captions', language: 'en', mode: 'showing' }]);
      expect(seen.bands.length).toBeGreaterThanOrEqual(4);
      expect(seen.bands.every(Boolean), `dark bottom band in cues: ${seen.bands.join(', ')}`).toBe(false);
    }
  });

  test('the three PDFs download, both videos load and play with captions, and the support address is shown', async ({ page }, testInfo) => {
    await signedInUser(page, 'guide');
    await page.goto('/dashboard/user-guide');
    const names = ['Getting started: markups and your first download', 'Importing the list into QuickBooks Online', 'Syncing with Jobber'];
    for (const name of names) await expect(page.getByText(name, { exact: true })).toBeVisible();

    const links = page.getByRole('link', { name: 'Download PDF' });
    await expect(links).toHaveCount(3);
    for (let i = 0; i < 3; i++) {
      const [download] = await Promise.all([page.waitForEvent('download'), links.nth(i).click()]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const bytes = await readFile((await download.path())!);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }

    const videos = page.locator('video');
    await expect(videos).toHaveCount(2);
    for (let i = 0; i < 2; i++) {
      const video = videos.nth(i);
      await video.scrollIntoViewIfNeeded();
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
      expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(5);
      expect(await video.getAttribute('poster')).toMatch(/\/poster\/$/);
      await video.evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        return v.play();
      });
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.cues?.length ?? 0)).toBeGreaterThan(0);
      await video.evaluate((v: HTMLVideoElement) => v.pause());
    }

    const config = (await (await page.request.get('/api/config/')).json()) as { support_email: string };
    await expect(page.getByRole('link', { name: config.support_email })).toHaveAttribute('href', `mailto:${config.support_email}`);

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: testInfo.outputPath(`user-guide-${width}.png`), fullPage: true });
    }
  });
});
