/**
 * `npm run check:providers`: the live check run before a release and after a provider announces a
 * change. The app runs in this process on a fresh embedded database with the sample data, and for
 * each provider whose credentials are set it goes the way a user does, through the app's own
 * routes and jobs:
 * - QuickBooks Online (a sandbox company) and Jobber (a developer test account): connect (the
 *   provider's consent page, then the app's callback), sync the free demo list, read it back (a
 *   second sync must find every item there unchanged), disconnect (the grant revoked);
 * - Stripe in test mode: checkout of the annual plan, payment with a test card, confirmation,
 *   and cancellation of the renewal.
 * A provider without credentials prints "skipped: no credentials"; the command fails only when a
 * check that ran failed. Consent and payment need a person on the real providers: the command
 * prints the page to open and reads back the address the browser ends on.
 *
 * `--against-simulators` runs the same steps against the local simulators, with their consent and
 * checkout pages answered automatically; the tests run it that way (no network there).
 * The variables, and how to get each sandbox, are in docs/simulators.md ("The live check").
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { xsrfCookieName } from '@tradelist/contract/public-config';
import { softwareNameOf, type SyncProvider } from '@tradelist/contract/sync';
import { startSimulators, providerVariables, type Simulators } from '@tradelist/simulators/start';
import { DEFAULT_STRIPE_SECRET_KEY } from '@tradelist/simulators/stripe';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config/env.ts';
import type { AppContext } from '../apps/api/src/context.ts';
import { migrateToLatest, openDatabase } from '../apps/api/src/db/database.ts';
import { demoAccounts, seedSampleData } from '../apps/api/src/db/seed.ts';
import { randomToken } from '../apps/api/src/lib/secrets.ts';
import { linkPlansToStripePrices } from '../apps/api/src/modules/billing/services/link-plan-prices.ts';

type Provider = 'quickbooks' | 'jobber' | 'stripe';
type Outcome = { status: 'passed'; detail: string } | { status: 'skipped'; detail: string } | { status: 'failed'; detail: string };

const NAMES: Record<Provider, string> = { quickbooks: 'QuickBooks Online', jobber: 'Jobber', stripe: 'Stripe (test mode)' };
/** Intuit's sandbox companies answer at this host; production companies at quickbooks.api.intuit.com. */
const QBO_SANDBOX_API_URL = 'https://sandbox-quickbooks.api.intuit.com';
const SYNC_WAIT_MS = 10 * 60_000;
const APP_URL = 'http://localhost:3000';

/** Which providers have credentials in `env`, and the ones that are not test-mode keys. */
export function credentialsOf(env: NodeJS.ProcessEnv): Record<Provider, boolean> {
  return {
    quickbooks: Boolean(env['QBO_CLIENT_ID'] && env['QBO_CLIENT_SECRET']),
    jobber: Boolean(env['JOBBER_CLIENT_ID'] && env['JOBBER_CLIENT_SECRET']),
    stripe: Boolean(env['STRIPE_SECRET_KEY']),
  };
}

class CheckFailed extends Error {}

function expectThat(condition: boolean, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

/** Requests through `app.inject()` as the web app sends them: session cookie and XSRF header. */
class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  async send(method: 'GET' | 'POST', url: string, body?: unknown): Promise<LightMyRequestResponse> {
    const xsrfName = xsrfCookieName(false);
    if (!this.cookies.has(xsrfName)) await this.raw('GET', '/api/config/', undefined, {});
    const xsrf = this.cookies.get(xsrfName);
    return this.raw(method, url, body, xsrf ? { 'x-xsrf-token': xsrf } : {});
  }

  private async raw(method: 'GET' | 'POST', url: string, body: unknown, headers: Record<string, string>): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.app.inject({ method, url, remoteAddress: '127.0.0.1', headers: { ...(cookie ? { cookie } : {}), ...headers }, ...(body === undefined ? {} : { payload: body as object }) });
    for (const set of response.cookies) {
      if (set.maxAge === 0 || set.value === '') this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    return response;
  }

  /** Sends and answers the JSON body, failing the check on any other status than `status`. */
  async json(method: 'GET' | 'POST', url: string, status: number, body?: unknown): Promise<Record<string, unknown>> {
    const response = await this.send(method, url, body);
    expectThat(response.statusCode === status, `${method} ${url} answered ${response.statusCode}, not ${status}: ${response.body.slice(0, 300)}`);
    return response.json() as Record<string, unknown>;
  }
}

/** How a person's steps in the provider's pages are taken: by hand, or answered on a simulator. */
interface Person {
  /** Grants the consent at `authorizeUrl`; answers the address the provider sent the browser back to. */
  consent(authorizeUrl: string): Promise<URL>;
  /** Pays checkout session `sessionId` at `url` with a test card. */
  pay(url: string, sessionId: string): Promise<void>;
}

/** The person at the terminal: opens the pages, pastes back where the browser ended. */
function personAtTerminal(): Person {
  const ask = async (question: string): Promise<string> => {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    try {
      return (await rl.question(question)).trim();
    } finally {
      rl.close();
    }
  };
  return {
    consent: async (authorizeUrl) => {
      console.log(`  Open this page, sign in to the test account and allow access:\n  ${authorizeUrl}`);
      return new URL(await ask('  Then paste the address the browser ended on (it may not load): '));
    },
    pay: async (url) => {
      console.log(`  Open this page and pay with the test card 4242 4242 4242 4242 (any future date, any CVC):\n  ${url}`);
      await ask('  Press Enter once the payment went through. ');
    },
  };
}

/** The simulators' consent and checkout pages, answered as a person allowing and paying. */
function personOnSimulators(sims: Simulators): Person {
  return {
    consent: async (authorizeUrl) => {
      const page = await fetch(authorizeUrl);
      const html = await page.text();
      expectThat(page.status === 200, `the consent page answered ${page.status}`);
      const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1] ?? '', (m[2] ?? '').replaceAll('&amp;', '&')]));
      const account = /<input type="radio" name="account" value="([^"]+)"/.exec(html)?.[1] ?? '';
      const action = new URL(/<form class="consent" method="post" action="([^"]+)"/.exec(html)?.[1] ?? '', authorizeUrl);
      const answer = await fetch(action, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ ...hidden, account, decision: 'allow' }) });
      expectThat(answer.status === 302, `the consent form answered ${answer.status}`);
      return new URL(answer.headers.get('location') ?? '');
    },
    pay: async (_url, sessionId) => {
      const paid = await fetch(`${sims.stripe.url}/__sim/checkout/sessions/${sessionId}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ card: '4242424242424242' }) });
      expectThat(paid.status === 200, `the simulator's checkout answered ${paid.status}`);
    },
  };
}

/** Runs the due jobs until sync `syncId` ends; answers it as GET /api/syncs/:id/ shows it. */
async function finishSync(ctx: AppContext, browser: Browser, syncId: number): Promise<Record<string, unknown>> {
  const deadline = Date.now() + SYNC_WAIT_MS;
  for (;;) {
    await ctx.queue.runDueJobs();
    const run = await browser.json('GET', `/api/syncs/${syncId}/`, 200);
    if (run['status'] === 'succeeded' || run['status'] === 'failed') return run;
    expectThat(Date.now() < deadline, `sync ${syncId} did not end within ${SYNC_WAIT_MS / 60_000} minutes`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Connect, sync the free demo list, read it back with a second sync, disconnect. */
async function checkSyncProvider(ctx: AppContext, browser: Browser, person: Person, provider: SyncProvider, freeListId: number): Promise<string> {
  const softwareName = softwareNameOf(provider);
  const { url } = (await browser.json('POST', `/api/${provider}/connect/`, 200)) as { url: string };
  const callback = await person.consent(url);
  const error = callback.searchParams.get('error');
  expectThat(!error, `the consent came back with error ${error}`);
  const auth: Record<string, string> = { code: callback.searchParams.get('code') ?? '', state: callback.searchParams.get('state') ?? '' };
  if (provider === 'quickbooks') auth['realmId'] = callback.searchParams.get('realmId') ?? '';
  await browser.json('POST', `/api/${provider}/auth/`, 200, auth);
  const status = await browser.json('GET', `/api/${provider}/status/`, 200);
  expectThat(status['connected'] === true, 'the connection is not shown as connected');
  const account = String(status['company_name'] ?? status['account_name'] ?? status['company_id'] ?? 'the account');

  const sync = async (): Promise<Record<string, unknown>> => {
    const started = await browser.json('POST', '/api/sync-products/', 202, { collection_id: freeListId, catelog_id: 'none', software_name: softwareName, ...(provider === 'quickbooks' ? { company_id: String(status['company_id'] ?? '') } : {}) });
    const run = await finishSync(ctx, browser, Number(started['sync_id']));
    expectThat(run['status'] === 'succeeded' && run['failed'] === 0, `the sync ended ${String(run['status'])} with ${String(run['failed'])} items refused: ${String(run['error'] ?? '')}`);
    return run;
  };
  const first = await sync();
  const again = await sync();
  expectThat(again['unchanged'] === again['total'], `reading back found ${String(again['unchanged'])} of ${String(again['total'])} items as synced`);

  await browser.json('POST', `/api/${provider}/disconnect/`, 200);
  const after = await browser.json('GET', `/api/${provider}/status/`, 200);
  expectThat(after['connected'] === false, 'still connected after disconnecting');
  return `connected ${account}; synced ${String(first['total'])} items (${String(first['created'])} created, ${String(first['updated'])} updated, ${String(first['unchanged'])} unchanged); read back all unchanged; disconnected`;
}

/** Checkout of the annual plan, payment, confirmation, cancellation of the renewal. */
async function checkStripe(ctx: AppContext, browser: Browser, person: Person, email: string): Promise<string> {
  expectThat(ctx.config.stripe.secretKey?.startsWith('sk_test_') === true || ctx.config.stripe.secretKey?.startsWith('rk_test_') === true, 'STRIPE_SECRET_KEY is not a test-mode key (sk_test_...); the check never runs in live mode');
  const linked = await linkPlansToStripePrices(ctx);
  expectThat(linked.includes('annual'), "the annual plan has no Stripe prices (lookup keys annual_yearly and annual_one_time) in this Stripe account");
  const plan = await ctx.db.selectFrom('plans').select(['stripe_price_id_recurring']).where('slug', '=', 'annual').executeTakeFirstOrThrow();
  const { url } = (await browser.json('POST', '/api/create-checkout-session/', 200, { price_id: plan.stripe_price_id_recurring, is_recurring: true })) as { url: string };
  const sessionId = /cs_(?:test_)?[A-Za-z0-9]+/.exec(url)?.[0];
  expectThat(sessionId !== undefined, `no checkout session id in ${url}`);
  await person.pay(url, sessionId);
  const confirmed = (await browser.json('POST', '/api/confirm-checkout-session/', 200, { session_id: sessionId })) as { paid: boolean; subscription: { source: string; renews: boolean } | null };
  expectThat(confirmed.paid && confirmed.subscription?.source === 'stripe_subscription' && confirmed.subscription.renews, `the checkout did not give a renewing subscription: ${JSON.stringify(confirmed)}`);
  const canceled = (await browser.json('POST', '/api/cancel-subscription/', 200)) as { subscription: { status: string; renews: boolean } | null };
  expectThat(canceled.subscription?.renews === false, `the subscription still renews after canceling: ${JSON.stringify(canceled)}`);
  // Read back at Stripe: the subscription ends with its period.
  const row = await ctx.db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .select('subscriptions.stripe_subscription_id')
    .where('users.email', '=', email)
    .where('subscriptions.source', '=', 'stripe_subscription')
    .orderBy('subscriptions.id', 'desc')
    .executeTakeFirst();
  expectThat(ctx.stripe !== null && typeof row?.stripe_subscription_id === 'string', 'no Stripe subscription was recorded for the checkout');
  const atStripe = await ctx.stripe.subscriptions.retrieve(row.stripe_subscription_id);
  expectThat(atStripe.cancel_at_period_end || atStripe.status === 'canceled', `Stripe still renews ${atStripe.id} (status ${atStripe.status})`);
  return `paid checkout ${sessionId}; subscription ${atStripe.id} set to end with its period at Stripe`;
}

/** Runs the check; answers the outcome of each provider. */
export async function checkProviders(options: { againstSimulators: boolean; env: NodeJS.ProcessEnv; log?: (line: string) => void }): Promise<Record<Provider, Outcome>> {
  const log = options.log ?? ((line: string) => console.log(line));
  const sims = options.againstSimulators ? await startSimulators() : undefined;
  const env: NodeJS.ProcessEnv = sims
    ? { ...options.env, ...providerVariables(sims), STRIPE_API_URL: sims.stripe.url, STRIPE_SECRET_KEY: DEFAULT_STRIPE_SECRET_KEY }
    : { QBO_API_URL: QBO_SANDBOX_API_URL, ...options.env };
  const has = credentialsOf(env);
  const outcomes = {} as Record<Provider, Outcome>;
  const providers: Provider[] = ['quickbooks', 'jobber', 'stripe'];
  for (const provider of providers) if (!has[provider]) outcomes[provider] = { status: 'skipped', detail: 'no credentials' };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tradelist-check-'));
  try {
    if (providers.some((p) => has[p])) {
      const config = loadConfig({
        ...env,
        NODE_ENV: 'development',
        APP_URL,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SESSION_SECRET: randomToken(32),
        TOKEN_ENCRYPTION_KEY: `check:${randomBytes(32).toString('base64')}`,
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: '',
      });
      const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
      try {
        await migrateToLatest(database.db);
        await seedSampleData(database.db, new Date());
        const { app, ctx } = await buildApp({ config, database, logger: false, startWorkers: false });
        await app.ready();
        try {
          const person = sims ? personOnSimulators(sims) : personAtTerminal();
          const demo = demoAccounts.find((a) => a.role === 'user' && !a.subscription)!;
          const freeList = await ctx.db.selectFrom('collections').select('id').where('is_free', '=', true).orderBy('id').executeTakeFirstOrThrow();
          for (const provider of providers.filter((p) => has[p])) {
            log(`${NAMES[provider]}: running...`);
            const browser = new Browser(app);
            await browser.json('POST', '/api/login_page/', 200, { email: demo.email, password: demo.password });
            try {
              const detail = provider === 'stripe' ? await checkStripe(ctx, browser, person, demo.email) : await checkSyncProvider(ctx, browser, person, provider, freeList.id);
              outcomes[provider] = { status: 'passed', detail };
            } catch (error) {
              outcomes[provider] = { status: 'failed', detail: error instanceof Error ? error.message : String(error) };
            }
          }
        } finally {
          await app.close();
        }
      } finally {
        await database.close();
      }
    }
  } finally {
    await sims?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const provider of providers) log(`${NAMES[provider]}: ${outcomes[provider].status === 'skipped' ? 'skipped' : outcomes[provider].status.toUpperCase()}: ${outcomes[provider].detail}`);
  return outcomes;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const againstSimulators = process.argv.includes('--against-simulators');
  const outcomes = await checkProviders({ againstSimulators, env: process.env });
  process.exit(Object.values(outcomes).some((o) => o.status === 'failed') ? 1 : 0);
}
