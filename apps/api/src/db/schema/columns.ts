import type { ColumnType } from 'kysely';

/** A timestamptz column: read as a Date, written as a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A jsonb column: read as T, written as its JSON text. */
export type Json<T> = ColumnType<T, string, string>;
