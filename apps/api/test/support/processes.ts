import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { bundleApi } from '../../bundle.ts';

/** Helpers of the tests that run the entry points as real processes (multi-process, connection loss). */

const root = path.resolve(import.meta.dirname, '../../../..');
const SESSION_SECRET = 'multi-process-session-secret-0123456789abcdef';
/** Processes on one database share their secrets (config/env.ts requires them with DATABASE_URL). */
const TOKEN_ENCRYPTION_KEY = `processes:${Buffer.alloc(32, 9).toString('base64')}`;
/** Each process compiles the sources with tsx at start: a few seconds, more on a busy machine. */
export const STARTUP_TIMEOUT_MS = 60_000;

export interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Bundles the server, the worker and the thread that writes edition files (which the server
 * loads from beside it) as `npm run build` does (apps/api/bundle.ts), into a folder
 * of its own under apps/api/.tmp, for `start(..., { bundle })`: a bundled process starts in about
 * a third of the time that compiling the sources takes (a test that restarts processes under
 * load). Returns the folder; the caller removes it.
 */
export async function bundleEntryPoints(): Promise<string> {
  const outdir = path.join('.tmp', `processes-${process.pid}-${Date.now()}`);
  await bundleApi(outdir, ['server', 'worker', 'edition-file-worker']);
  return path.join(root, 'apps/api', outdir);
}

/**
 * Runs an entry point: from source by default, as the operator CLI test does (nothing is built),
 * or from a folder `bundleEntryPoints()` made (the server and the worker). `args` follow the
 * entry point (the operator command line's command).
 */
export function start(entry: 'server' | 'worker' | 'cli', env: Record<string, string>, options: { bundle?: string; args?: string[] } = {}): Started {
  const entryArgs = options.bundle ? [path.join(options.bundle, `${entry}.js`)] : ['--import', 'tsx', `apps/api/src/${entry}.ts`];
  const child = spawn(process.execPath, [...entryArgs, ...(options.args ?? [])], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', SESSION_SECRET, TOKEN_ENCRYPTION_KEY, WEB_DIST_DIR: '', LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Runs an operator command from source (`npm run admin -- <args>` runs the built one) to its end. */
export async function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const cli = start('cli', env, { args });
  // 'close' comes after the last of its output has been read, unlike 'exit'.
  const code = await new Promise<number | null>((resolve) => cli.child.once('close', resolve));
  return { code, output: cli.output() };
}

/** Polls `probe` every 100 ms until it returns a value; throws naming `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A browser over real HTTP: one cookie jar, the XSRF header like the web app, any of the API processes. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  /** `xsrfCookie`: the XSRF cookie's name, which an https APP_URL gives a `__Host-` prefix. */
  constructor(private readonly xsrfCookie = 'XSRF-TOKEN') {}

  async call(base: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<Response> {
    if (!this.cookies.has(this.xsrfCookie)) await this.send(base, 'GET', '/api/config/');
    return this.send(base, method, url, body);
  }

  /** Posts one file as a browser's FormData does (a picture upload). */
  async upload(base: string, url: string, field: string, file: { bytes: Buffer; name: string; type: string }): Promise<Response> {
    if (!this.cookies.has(this.xsrfCookie)) await this.send(base, 'GET', '/api/config/');
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    return this.send(base, 'POST', url, form);
  }

  private async send(base: string, method: string, url: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
    const xsrf = this.cookies.get(this.xsrfCookie);
    if (xsrf) headers['x-xsrf-token'] = xsrf;
    const isForm = body instanceof FormData;
    if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
    const payload = body === undefined ? undefined : isForm ? body : JSON.stringify(body);
    const response = await fetch(`${base}${url}`, { method, headers, body: payload });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

/**
 * Waits until each API process answers and each worker runs jobs; a process that exits first, or
 * one not ready in time, fails with every process's output.
 */
export async function waitUntilReady(processes: { apis: Array<Started & { base: string }>; workers: Started[] }): Promise<void> {
  const { apis, workers } = processes;
  try {
    await Promise.all([
      ...apis.map((api) =>
        waitFor(`the API process on ${api.base}`, async () => {
          if (api.child.exitCode !== null) throw new Error(`an API process exited:\n${api.output()}`);
          return fetch(`${api.base}/api/config/`).then((response) => (response.ok ? true : undefined), () => undefined);
        }, STARTUP_TIMEOUT_MS),
      ),
      ...workers.map((worker) =>
        waitFor('the worker', async () => {
          if (worker.child.exitCode !== null) throw new Error(`the worker exited:\n${worker.output()}`);
          return worker.output().includes('Tradelist worker is running jobs') ? true : undefined;
        }, STARTUP_TIMEOUT_MS),
      ),
    ]);
  } catch (error) {
    console.error([...apis, ...workers].map((started) => started.output()).join('\n'));
    throw error;
  }
}
