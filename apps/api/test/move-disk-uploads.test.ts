import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { runAdminCommand } from '../src/modules/operator/services/run-admin-command.ts';
import { moveDiskUploads } from '../src/storage/move-disk-uploads.ts';
import { setUpApiTest } from './support/api-test.ts';
import type { TestApp } from './support/test-app.ts';

/**
 * Uploads an earlier version kept under DATA_DIR (profile-pictures/, content-images/) are moved
 * into the database at start (decision 0035): stored under the key their URL names, then deleted
 * from the disk. Run twice, or cut short between storing and deleting, the move leaves the same
 * rows and no duplicate.
 */
let t: TestApp;
let dataDir: string;

setUpApiTest({ dataDir: 'tradelist-move-' }, (setup) => ({ t, dataDir } = setup));

const name = () => `${randomBytes(16).toString('hex')}.webp`;
const webp = (red: number) => sharp({ create: { width: 8, height: 8, channels: 3, background: { r: red, g: 10, b: 10 } } }).webp().toBuffer();

async function rows() {
  return t.database.db.selectFrom('uploaded_files').select(['key', 'sha256', 'size', 'content']).orderBy('key').execute();
}

/** Files as an earlier version wrote them. */
function writeOnDisk(files: Record<string, Buffer>): void {
  for (const [relative, bytes] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dataDir, relative)), { recursive: true });
    writeFileSync(path.join(dataDir, relative), bytes);
  }
}

test('files on disk are moved in, served at their old URLs, and gone from the disk; a second run changes nothing', async () => {
  const picture = name();
  const images = [name(), name()];
  const files = {
    [`profile-pictures/${picture}`]: await webp(1),
    [`content-images/${images[0]}`]: await webp(2),
    [`content-images/${images[1]}`]: await webp(3),
  };
  writeOnDisk(files);
  // Not ours: left alone. A write cut short an hour ago: removed. One in progress now: left alone.
  writeOnDisk({ 'profile-pictures/notes.txt': Buffer.from('kept'), [`profile-pictures/.${name()}.tmp`]: Buffer.from('half') });
  const abandoned = `.${name()}.tmp`;
  writeOnDisk({ [`content-images/${abandoned}`]: Buffer.from('half') });
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  utimesSync(path.join(dataDir, 'content-images', abandoned), twoHoursAgo, twoHoursAgo);
  const user = await t.database.db.insertInto('users').values(userRow('moved@example.com')).returning('id').executeTakeFirstOrThrow();
  await t.database.db.insertInto('profile_pictures').values({ user_id: user.id, file_name: picture, updated_at: t.clock.now() }).execute();

  expect(await moveDiskUploads(t.ctx.uploads, dataDir)).toBe(3);
  const moved = await rows();
  expect(moved.map((row) => row.key).sort()).toEqual(Object.keys(files).sort());
  for (const row of moved) expect(Buffer.from(row.content).equals(files[row.key]!)).toBe(true);
  expect(readdirSync(path.join(dataDir, 'profile-pictures')).sort()).toEqual([expect.stringMatching(/^\.[0-9a-f]{32}\.webp\.tmp$/), 'notes.txt'].sort());
  expect(existsSync(path.join(dataDir, 'content-images'))).toBe(false);

  const profile = await t.app.inject({ method: 'GET', url: `/media/profile-pictures/${picture}` });
  expect(profile.statusCode).toBe(200);
  for (const [relative, bytes] of Object.entries(files)) {
    const served = await t.app.inject({ method: 'GET', url: `/media/${relative}` });
    expect(served.statusCode, relative).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
  }

  // Run again: nothing to move, the same rows.
  expect(await moveDiskUploads(t.ctx.uploads, dataDir)).toBe(0);
  expect(await rows()).toEqual(moved);

  // Cut short after storing and before deleting: the files are still on disk at the next start.
  writeOnDisk(files);
  expect(await moveDiskUploads(t.ctx.uploads, dataDir)).toBe(3);
  expect(await rows()).toEqual(moved);
  expect(existsSync(path.join(dataDir, 'content-images'))).toBe(false);
  expect(readdirSync(path.join(dataDir, 'profile-pictures'))).not.toContain(picture);
});

test('npm run admin -- migrate moves them too, and says so', async () => {
  const picture = name();
  writeOnDisk({ [`profile-pictures/${picture}`]: await webp(4) });
  const first = await runAdminCommand(t.ctx, ['migrate'], new Map());
  expect(first).toEqual({ exitCode: 0, output: `The schema is up to date.\nMoved 1 uploaded file from ${dataDir} into the database.\n` });
  expect(await t.ctx.uploads.info(`profile-pictures/${picture}`)).not.toBeNull();
  expect(await runAdminCommand(t.ctx, ['migrate'], new Map())).toEqual({ exitCode: 0, output: 'The schema is up to date.\n' });
});

test('a name stored with other bytes is never overwritten', async () => {
  const picture = name();
  await t.ctx.uploads.put(`profile-pictures/${picture}`, await webp(5), 'image/webp');
  writeOnDisk({ [`profile-pictures/${picture}`]: await webp(6) });
  await expect(moveDiskUploads(t.ctx.uploads, dataDir)).rejects.toThrow(`profile-pictures/${picture} is already stored with other content`);
  expect(existsSync(path.join(dataDir, 'profile-pictures', picture))).toBe(true);
  expect(Buffer.from((await t.ctx.uploads.get(`profile-pictures/${picture}`))!.content).equals(await webp(5))).toBe(true);
});

function userRow(email: string) {
  const now = new Date('2026-03-01T12:00:00Z');
  return { email, name: 'Moved Picture', password_hash: null, google_subject: null, password_changed_at: null, last_login_at: null, created_at: now, updated_at: now };
}
