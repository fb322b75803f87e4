import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, test } from 'vitest';
import { FileCache, type CachedFile } from './file-cache.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'file-cache-'));
  dirs.push(dir);
  return dir;
}

/** A source of `parts`, one per turn of the event loop, counting how often it was produced. */
function counted(parts: string[]) {
  const state = { produced: 0 };
  const produce = () => {
    state.produced += 1;
    return Readable.from(
      (async function* () {
        for (const part of parts) {
          await new Promise((resolve) => setImmediate(resolve));
          yield Buffer.from(part);
        }
      })(),
    );
  };
  return { state, produce };
}

const read = async (file: CachedFile | null) => {
  expect(file).not.toBeNull();
  return text(file!.body);
};

describe('FileCache', () => {
  test('the first get writes the file, the second serves it without producing; the size is the byte count', async () => {
    const dir = tempDir();
    const cache = new FileCache({ dir, maxBytes: 1_000_000 });
    const source = counted(['héllo ', 'wörld']);
    const first = await cache.get('a.csv', source.produce);
    expect(first?.size).toBe(Buffer.byteLength('héllo wörld'));
    expect(await read(first)).toBe('héllo wörld');
    const second = await cache.get('a.csv', source.produce);
    expect(await read(second)).toBe('héllo wörld');
    expect(source.state.produced).toBe(1);
    expect(readdirSync(dir)).toEqual(['a.csv']);
  });

  test('open serves a stored file and writes nothing when it is missing, while a write is under way, or with the cache off', async () => {
    const dir = tempDir();
    const cache = new FileCache({ dir, maxBytes: 1_000_000 });
    expect(await cache.open('a.csv')).toBeNull();
    const source = counted(['one ', 'two']);
    const writing = cache.get('a.csv', source.produce);
    expect(await cache.open('a.csv')).toBeNull();
    await read(await writing);
    expect(await read(await cache.open('a.csv'))).toBe('one two');
    expect(source.state.produced).toBe(1);
    expect(await new FileCache({ dir, maxBytes: 0 }).open('a.csv')).toBeNull();
    await expect(cache.open('../a.csv')).rejects.toThrow(RangeError);
  });

  test('two simultaneous first requests in one process: produced once, both get the whole file', async () => {
    const dir = tempDir();
    const cache = new FileCache({ dir, maxBytes: 1_000_000 });
    const parts = Array.from({ length: 50 }, (_, i) => `part ${i};`);
    const source = counted(parts);
    const [a, b] = await Promise.all([cache.get('k.xlsx', source.produce), cache.get('k.xlsx', source.produce)]);
    expect(source.state.produced).toBe(1);
    expect(await read(a)).toBe(parts.join(''));
    expect(await read(b)).toBe(parts.join(''));
  });

  test('a write stops once every request waiting for it has been aborted; while one still waits, it goes on', async () => {
    const dir = tempDir();
    const cache = new FileCache({ dir, maxBytes: 1_000_000 });
    const parts = Array.from({ length: 200 }, (_, i) => `part ${i};`);
    const kept = counted(parts);
    const leaving = new AbortController();
    const staying = cache.get('kept.csv', kept.produce);
    const left = cache.get('kept.csv', kept.produce, leaving.signal);
    leaving.abort();
    await expect(left).rejects.toThrow(/abort/i);
    expect(await read(await staying)).toBe(parts.join(''));

    const dropped = counted(parts);
    let destroyed = false;
    let writing!: () => void;
    const started = new Promise<void>((resolve) => (writing = resolve));
    const produce = () => {
      writing();
      return dropped.produce().once('close', () => (destroyed = true));
    };
    const gone = new AbortController();
    const wait = cache.get('dropped.csv', produce, gone.signal);
    await started;
    gone.abort();
    await expect(wait).rejects.toThrow(/abort/i);
    expect(destroyed).toBe(true);
    expect(readdirSync(dir)).toEqual(['kept.csv']);
  });

  test('two processes writing the same key at once (two caches on one directory): each renames a whole file, no temporary file stays', async () => {
    const dir = tempDir();
    const parts = Array.from({ length: 50 }, (_, i) => `row ${i}\n`);
    const one = counted(parts);
    const two = counted(parts);
    const [a, b] = await Promise.all([
      new FileCache({ dir, maxBytes: 1_000_000 }).get('k.csv', one.produce),
      new FileCache({ dir, maxBytes: 1_000_000 }).get('k.csv', two.produce),
    ]);
    expect(one.state.produced + two.state.produced).toBe(2);
    expect(await read(a)).toBe(parts.join(''));
    expect(await read(b)).toBe(parts.join(''));
    expect(readdirSync(dir)).toEqual(['k.csv']);
  });

  test('a temporary file is never served; a stale one (a process killed mid-write) is removed by the purge, a young one stays', async () => {
    const dir = tempDir();
    const cache = new FileCache({ dir, maxBytes: 1_000_000, staleTempMs: 60_000 });
    writeFileSync(path.join(dir, 'k.csv.999-dead.tmp'), 'half a fi');
    writeFileSync(path.join(dir, 'k.csv.998-live.tmp'), 'in progress');
    const old = new Date(Date.now() - 120_000);
    utimesSync(path.join(dir, 'k.csv.999-dead.tmp'), old, old);
    const source = counted(['whole file']);
    expect(await read(await cache.get('k.csv', source.produce))).toBe('whole file');
    expect(source.state.produced).toBe(1);
    await cache.purge();
    expect(readdirSync(dir).sort()).toEqual(['k.csv', 'k.csv.998-live.tmp']);
  });

  test('the purge removes the least recently used files until the rest fit; a hit counts as a use', async () => {
    const dir = tempDir();
    const cache = new FileCache({ dir, maxBytes: 250 });
    for (const [index, key] of ['a', 'b', 'c'].entries()) {
      writeFileSync(path.join(dir, key), 'x'.repeat(100));
      const at = new Date(Date.now() - (10 - index) * 60_000);
      utimesSync(path.join(dir, key), at, at);
    }
    // 'a' is the oldest write, but it is used again now: 'b' is then the least recently used.
    await read(await cache.get('a', () => Readable.from(['never produced'])));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await cache.purge();
    expect(readdirSync(dir).sort()).toEqual(['a', 'c']);
  });

  test('an error of the produced stream is thrown and leaves nothing behind', async () => {
    const dir = tempDir();
    const cache = new FileCache({ dir, maxBytes: 1_000_000 });
    const failing = () =>
      Readable.from(
        (async function* () {
          yield Buffer.from('first rows');
          throw new Error('database went away');
        })(),
      );
    await expect(cache.get('k.csv', failing)).rejects.toThrow('database went away');
    expect(readdirSync(dir)).toEqual([]);
  });

  test('when the file cannot be stored, get resolves to null (the caller streams) and says why', async () => {
    const parent = tempDir();
    // The cache directory's place is taken by a file: nothing can be created under it.
    writeFileSync(path.join(parent, 'files'), 'not a directory');
    const errors: unknown[] = [];
    const cache = new FileCache({ dir: path.join(parent, 'files'), maxBytes: 1_000_000, onStoreError: (error) => errors.push(error) });
    expect(await cache.get('k.csv', () => Readable.from(['data']))).toBeNull();
    expect(errors.length).toBeGreaterThan(0);
    expect((errors[0] as NodeJS.ErrnoException).code).toMatch(/^(ENOTDIR|EEXIST)$/);
  });

  test('a write that fails half-way (the directory removed under it) resolves to null and serves no partial file', async () => {
    const dir = tempDir();
    const errors: unknown[] = [];
    const cache = new FileCache({ dir, maxBytes: 1_000_000, onStoreError: (error) => errors.push(error) });
    const produce = () =>
      Readable.from(
        (async function* () {
          yield Buffer.from('first half;');
          rmSync(dir, { recursive: true, force: true });
          yield Buffer.from('second half');
        })(),
      );
    expect(await cache.get('k.csv', produce)).toBeNull();
    expect(errors).toHaveLength(1);
    expect(existsSync(path.join(dir, 'k.csv'))).toBe(false);
  });

  test('a maximum of 0 turns the cache off: null, nothing produced or written', async () => {
    const dir = tempDir();
    const cache = new FileCache({ dir: path.join(dir, 'files'), maxBytes: 0 });
    const source = counted(['data']);
    expect(cache.enabled).toBe(false);
    expect(await cache.get('k.csv', source.produce)).toBeNull();
    expect(source.state.produced).toBe(0);
    expect(existsSync(path.join(dir, 'files'))).toBe(false);
  });

  test('keys that could leave the directory or look temporary are refused', async () => {
    const cache = new FileCache({ dir: tempDir(), maxBytes: 1_000_000 });
    for (const key of ['../x', 'a/b', '', '.hidden', 'k.tmp']) {
      await expect(cache.get(key, () => Readable.from(['x']))).rejects.toThrow(RangeError);
    }
  });
});
