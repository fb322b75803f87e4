import { existsSync, readFileSync, statSync } from 'node:fs';

/** One JSON line of the server's log (pino), with the fields the tests look at. */
export interface ServerLogEntry {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** pino's warn level. */
export const WARN = 40;

/** The file global-setup writes the server's output to (not printed unless a test fails). */
function logFile(): string {
  const file = process.env.E2E_SERVER_LOG;
  if (!file || !existsSync(file)) throw new Error('E2E_SERVER_LOG is not set: run the tests through e2e/playwright.config.ts');
  return file;
}

/** Where the server's output stands now; pass it to `serverLogSince` to see what came after. */
export function serverLogMark(): number {
  return statSync(logFile()).size;
}

/** The server's JSON log entries written after `mark` (lines that are not JSON are left out). */
export function serverLogSince(mark: number): ServerLogEntry[] {
  const text = readFileSync(logFile()).subarray(mark).toString('utf8');
  const entries: ServerLogEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      entries.push(JSON.parse(line) as ServerLogEntry);
    } catch {
      // A line still being written; the next read sees it whole.
    }
  }
  return entries;
}
