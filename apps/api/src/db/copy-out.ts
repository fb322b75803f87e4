import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Db } from './database.ts';

/**
 * Runs `COPY (<select>) TO ...` in PostgreSQL's text format and resolves with the whole output.
 * PostgreSQL formats the rows in C, so reading a page this way skips the driver's per-row
 * objects. Callers page with a LIMIT, so the output stays small.
 */
export type CopyOut = (select: string) => Promise<Buffer>;

const copiers = new WeakMap<Db, CopyOut>();

/** Remembers how `db` runs COPY (openDatabase calls it for both drivers). */
export function attachCopyOut(db: Db, copyOut: CopyOut): void {
  copiers.set(db, copyOut);
}

/** How `db` runs COPY; throws for a Kysely instance that openDatabase did not make. */
export function copyOutOf(db: Db): CopyOut {
  const copyOut = copiers.get(db);
  if (!copyOut) throw new Error('This database handle has no COPY support (open it with openDatabase)');
  return copyOut;
}

/** COPY on a PostgreSQL server: `TO STDOUT`, streamed by pg-copy-streams and collected. */
export function copyOutFromPool(pool: pg.Pool): CopyOut {
  return async (select) => {
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of client.query(copyTo(`COPY (${select}) TO STDOUT`))) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      // A connection left inside an unfinished COPY cannot be reused: passing the error discards it.
      client.release(failure);
    }
  };
}

/**
 * COPY on PGlite, which has no STDOUT stream: `TO '/dev/blob'` returns the output as a Blob.
 * `exclusive` runs it while holding PGlite's one connection, so it never lands inside another
 * request's transaction.
 */
export function copyOutFromPGlite(exclusive: <T>(run: (pglite: PGlite) => Promise<T>) => Promise<T>): CopyOut {
  return (select) =>
    exclusive(async (pglite) => {
      const result = await pglite.query(`COPY (${select}) TO '/dev/blob'`);
      return result.blob ? Buffer.from(await result.blob.arrayBuffer()) : Buffer.alloc(0);
    });
}

/**
 * Splits COPY text output into rows of fields and calls `onRow` for each (the array is reused:
 * copy what you keep). Undoes the format's backslash escapes; `\N` (NULL) becomes null.
 */
export function forEachCopyRow(output: Buffer, onRow: (fields: ReadonlyArray<string | null>) => void): void {
  const text = output.toString('utf8');
  const fields: Array<string | null> = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    fields.length = 0;
    let fieldStart = start;
    for (;;) {
      let tab = text.indexOf('\t', fieldStart);
      if (tab === -1 || tab > end) tab = end;
      const raw = text.slice(fieldStart, tab);
      fields.push(raw.includes('\\') ? unescapeCopyField(raw) : raw);
      if (tab === end) break;
      fieldStart = tab + 1;
    }
    onRow(fields);
    start = end + 1;
  }
}

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/**
 * One field of COPY text format with its escapes undone. COPY TO writes only these (PostgreSQL
 * docs, COPY "Text Format"): backslash b, f, n, r, t, v, a doubled backslash, and backslash N
 * alone for NULL.
 */
export function unescapeCopyField(raw: string): string | null {
  if (raw === '\\N') return null;
  return raw.replace(/\\(.)/gs, (_, escape: string) => ESCAPES[escape] ?? escape);
}
