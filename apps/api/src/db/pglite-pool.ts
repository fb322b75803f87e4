import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * Presents one embedded PGlite instance as the `pg`-style pool that Kysely's PostgresDialect
 * expects. PGlite is a single backend, so the pool hands out one connection at a time: a
 * transaction holds it until it commits, and no other query can slip into that transaction.
 */
export class PGlitePool implements PostgresPool {
  private queue: Array<() => void> = [];
  private busy = false;

  constructor(private readonly pglite: PGlite) {}

  async connect(): Promise<PostgresPoolClient> {
    if (this.busy) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.busy = true;
    let released = false;
    const pglite = this.pglite;
    const client = {
      async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
        if (parameters.length === 0) {
          // Simple protocol, as `pg` uses without parameters: allows multi-statement SQL (migrations).
          const results = await pglite.exec(sql);
          const last = results[results.length - 1];
          return toQueryResult<R>(sql, (last?.rows ?? []) as R[], last?.affectedRows);
        }
        const result = await pglite.query<R>(sql, parameters as unknown[]);
        return toQueryResult<R>(sql, result.rows, result.affectedRows);
      },
      release: () => {
        if (released) return;
        released = true;
        const next = this.queue.shift();
        if (next) next();
        else this.busy = false;
      },
    };
    return client as PostgresPoolClient;
  }

  /**
   * Runs `run` on the PGlite instance while holding the one connection, for calls Kysely has no
   * words for (COPY TO '/dev/blob'): no transaction of another request can be open meanwhile.
   */
  async exclusive<T>(run: (pglite: PGlite) => Promise<T>): Promise<T> {
    const client = await this.connect();
    try {
      return await run(this.pglite);
    } finally {
      client.release();
    }
  }

  /** Its one connection: busy or idle, and the queries waiting for it. */
  use(): { max: number; open: number; idle: number; waiting: number } {
    return { max: 1, open: 1, idle: this.busy ? 0 : 1, waiting: this.queue.length };
  }

  async end(): Promise<void> {
    await this.pglite.close();
  }
}

function toQueryResult<R>(sql: string, rows: R[], affectedRows: number | undefined): PostgresQueryResult<R> {
  const verb = sql.trimStart().slice(0, 6).toUpperCase();
  const command = (['UPDATE', 'DELETE', 'INSERT', 'SELECT', 'MERGE'] as const).find((c) => verb.startsWith(c)) ?? 'SELECT';
  return { command, rowCount: affectedRows ?? rows.length, rows };
}
