import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface FileCacheOptions {
  /** The directory that holds the files (created when first needed). */
  dir: string;
  /** The most bytes kept; the least recently used files go first. 0 turns the cache off. */
  maxBytes: number;
  /** A temporary file older than this is left over by a process that died mid-write (default 1 hour). */
  staleTempMs?: number;
  /** Told when a file cannot be stored; the caller then streams without the cache. */
  onStoreError?: (error: unknown, key: string) => void;
}

/** A stored file, opened: its size and a stream of its bytes. */
export interface CachedFile {
  size: number;
  body: Readable;
}

/** A file being written in this process: how many requests wait for it, and its bytes' source. */
interface Write {
  stored: Promise<boolean>;
  waiting: number;
  source: Readable | null;
  cancelled: boolean;
}

const TEMP_SUFFIX = '.tmp';
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
// Purge at most this often after writes; a purge lists the whole directory.
const PURGE_INTERVAL_MS = 60_000;

/**
 * Files written once and served many times, on disk under one directory. A file is written to a
 * temporary name and renamed into place when complete (and flushed), so a reader sees the whole
 * file or none; a process killed mid-write leaves only a temporary file, which is never served
 * and is removed once stale. Requests for a key that is being written in this process wait for
 * that write; another process writes its own temporary file and the last rename wins, with the
 * same bytes. Size is capped: the files used longest ago (by mtime, refreshed on every hit) go.
 */
export class FileCache {
  private readonly writing = new Map<string, Write>();
  private purging: Promise<void> | null = null;
  private lastPurge = 0;

  constructor(private readonly options: FileCacheOptions) {}

  /** False when the cache is turned off (a maximum of 0 bytes). */
  get enabled(): boolean {
    return this.options.maxBytes > 0;
  }

  /**
   * The file stored under `key`, written first from `produce()` when missing. Resolves to null
   * when the cache is off or the file could not be stored (disk full, no permission): the caller
   * then streams a fresh copy. An error of the produced stream itself is thrown. Once every
   * request waiting for a write has been aborted (`signal`: the client went away), the write
   * stops, nothing is stored, and each of them gets its signal's reason thrown.
   */
  async get(key: string, produce: () => Readable, signal?: AbortSignal): Promise<CachedFile | null> {
    if (!this.enabled) return null;
    const target = this.pathOf(key);
    const hit = await this.openIfPresent(target, key);
    if (hit !== null) return hit === 'unreadable' ? null : hit;
    signal?.throwIfAborted();
    let write = this.writing.get(key);
    if (!write) {
      const started: Write = { stored: Promise.resolve(false), waiting: 0, source: null, cancelled: false };
      started.stored = this.store(key, target, produce, started).finally(() => {
        if (this.writing.get(key) === started) this.writing.delete(key);
      });
      this.writing.set(key, started);
      write = started;
    }
    const current = write;
    current.waiting += 1;
    const leave = () => {
      current.waiting -= 1;
      if (current.waiting > 0 || current.cancelled) return;
      current.cancelled = true;
      // A request that comes after this starts a write of its own.
      if (this.writing.get(key) === current) this.writing.delete(key);
      current.source?.destroy();
    };
    signal?.addEventListener('abort', leave, { once: true });
    let stored: boolean;
    try {
      stored = await current.stored;
    } finally {
      signal?.removeEventListener('abort', leave);
    }
    signal?.throwIfAborted();
    if (!stored) return null;
    // Null if a purge removed it in the meantime: the caller streams, as on a write failure.
    const opened = await this.openIfPresent(target, key);
    return opened === 'unreadable' ? null : opened;
  }

  /** The file stored under `key`, or null when it is not stored (or cannot be read, or the cache is off); nothing is written. */
  async open(key: string): Promise<CachedFile | null> {
    if (!this.enabled) return null;
    const opened = await this.openIfPresent(this.pathOf(key), key);
    return opened === 'unreadable' ? null : opened;
  }

  private pathOf(key: string): string {
    if (!KEY.test(key) || key.endsWith(TEMP_SUFFIX)) throw new RangeError(`Not a cache key: ${key}`);
    return path.join(this.options.dir, key);
  }

  /** Writes `produce()` to a temporary file and renames it to `target`; false if storage failed or the write was cancelled. */
  private async store(key: string, target: string, produce: () => Readable, write: Write): Promise<boolean> {
    const temp = path.join(this.options.dir, `${key}.${process.pid}-${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
    try {
      await mkdir(this.options.dir, { recursive: true });
    } catch (error) {
      this.options.onStoreError?.(error, key);
      return false;
    }
    const source = produce();
    write.source = source;
    if (write.cancelled) source.destroy();
    let sourceFailed = false;
    source.once('error', () => {
      sourceFailed = true;
    });
    try {
      // `flush`: the bytes reach the disk before the rename makes the file visible.
      await pipeline(source, createWriteStream(temp, { flags: 'wx', flush: true }));
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true }).catch(() => undefined);
      if (write.cancelled) return false;
      if (sourceFailed) throw error;
      this.options.onStoreError?.(error, key);
      return false;
    }
    this.schedulePurge();
    return true;
  }

  /** Starts a purge unless one ran in the last minute or is running. */
  private schedulePurge(): void {
    if (this.purging || Date.now() - this.lastPurge < PURGE_INTERVAL_MS) return;
    this.purge().catch((error: unknown) => this.options.onStoreError?.(error, 'purge'));
  }

  /**
   * Removes stale temporary files, then the least recently used files until the rest fit in
   * `maxBytes`. Young temporary files (a write in progress) count towards the size but stay.
   */
  purge(): Promise<void> {
    this.purging ??= this.purgeNow().finally(() => {
      this.purging = null;
      this.lastPurge = Date.now();
    });
    return this.purging;
  }

  private async purgeNow(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.options.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    const staleBefore = Date.now() - (this.options.staleTempMs ?? 60 * 60_000);
    const files: Array<{ file: string; size: number; usedAt: number }> = [];
    let total = 0;
    for (const name of names) {
      const file = path.join(this.options.dir, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) continue;
      if (name.endsWith(TEMP_SUFFIX)) {
        if (info.mtimeMs < staleBefore) await rm(file, { force: true });
        else total += info.size;
        continue;
      }
      files.push({ file, size: info.size, usedAt: info.mtimeMs });
      total += info.size;
    }
    files.sort((a, b) => a.usedAt - b.usedAt);
    for (const { file, size } of files) {
      if (total <= this.options.maxBytes) break;
      // A reader that already opened the file keeps reading it: unlinking does not cut it short.
      await rm(file, { force: true });
      total -= size;
    }
  }

  /**
   * Opens `file` and marks it used now (for the LRU purge): null when it is not there,
   * 'unreadable' (reported) when it cannot be opened, so the caller streams instead.
   */
  private async openIfPresent(file: string, key: string): Promise<CachedFile | 'unreadable' | null> {
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      this.options.onStoreError?.(error, key);
      return 'unreadable';
    }
    try {
      const { size } = await handle.stat();
      const now = new Date();
      utimes(file, now, now).catch(() => undefined);
      return { size, body: handle.createReadStream({ highWaterMark: 64 * 1024 }) };
    } catch (error) {
      await handle.close();
      this.options.onStoreError?.(error, key);
      return 'unreadable';
    }
  }
}
