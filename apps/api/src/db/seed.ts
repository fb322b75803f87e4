import type { Db } from './database.ts';
import { sampleCatalog, type SampleCatalogEdition } from './sample/sample-catalog.ts';
import { addMonths } from '../lib/clock.ts';
import { hashPassword } from '../security/passwords.ts';
import { hasCategories, insertCategory, insertCollection } from '../modules/catalog/repositories/catalog.ts';
import { analyzeProducts, insertProducts } from '../modules/catalog/repositories/products.ts';
import { queueEditionTemplates } from '../modules/catalog/index.ts';
import { findPlanBySlug, insertPlanIfMissing, insertSubscription } from '../modules/billing/repositories/subscriptions.ts';
import { findUserByEmail, insertUser } from '../modules/accounts/repositories/users.ts';
import { seedUserGuide } from './sample/user-guide/seed-user-guide.ts';
import { seedPosts } from '../modules/content/services/publish-post.ts';
import { sampleBlogPosts } from './sample/blog-posts.ts';

export interface DemoAccount {
  name: string;
  email: string;
  password: string;
  role: 'user' | 'operator';
  /** A plan slug: the account gets a complimentary subscription to it when it is created. */
  subscription?: 'annual';
}

/** The demo accounts `npm start` creates on an empty database (never in production). */
export const demoAccounts: readonly DemoAccount[] = [
  { name: 'Dana Demo', email: 'demo@example.com', password: 'tradelist-demo-2024', role: 'user' },
  { name: 'Sam Subscriber', email: 'subscriber@example.com', password: 'tradelist-subscriber-2024', role: 'user', subscription: 'annual' },
  { name: 'Olive Operator', email: 'operator@example.com', password: 'tradelist-operator-2024', role: 'operator' },
];

const DAY_MS = 86_400_000;
const DEMO_SUBSCRIPTION_AGE_DAYS = 60;

export interface SeedResult {
  /** Emails of the demo accounts created by this run. */
  created: string[];
  /** Plans inserted by this run (by slug). */
  plans: string[];
  /** Edition codes loaded by this run: empty when the catalog already had categories. */
  editions: string[];
  /** User guide PDFs and videos (by slug) added by this run. */
  guide: string[];
  /** Custom URLs of the blog posts loaded by this run: empty when the blog already had posts. */
  posts: string[];
}

/** The sample plans that are missing (by slug); returns the slugs inserted. */
async function seedPlans(db: Db, catalog: ReturnType<typeof sampleCatalog>): Promise<string[]> {
  const plans: string[] = [];
  for (const plan of catalog.plans) {
    const inserted = await insertPlanIfMissing(db, {
      slug: plan.slug,
      name: plan.name,
      description: plan.description,
      price_cents: plan.priceCents,
      regular_price_cents: plan.regularPriceCents,
      billing_interval: plan.billingInterval,
      period_months: plan.periodMonths,
      download_max_per_period: plan.downloadMaxPerPeriod,
      stripe_price_id_recurring: null,
      stripe_price_id_one_time: null,
      is_free: plan.isFree,
      position: plan.position,
    });
    if (inserted) plans.push(plan.slug);
  }
  return plans;
}

/** The sample categories and editions, only into a catalog without categories; returns the edition codes loaded. */
async function seedCatalog(db: Db, catalog: ReturnType<typeof sampleCatalog>, now: Date): Promise<string[]> {
  const editions: string[] = [];
  if (await hasCategories(db)) return editions;
  // One transaction for the whole catalog: a start interrupted half-way leaves no categories,
  // so the next start loads everything instead of skipping a partial catalog.
  await db.transaction().execute(async (trx) => {
    const categoryIds = new Map<string, number>();
    for (const category of catalog.categories) {
      const row = await insertCategory(trx, {
        name: category.name,
        slug: category.slug,
        tagline: category.tagline,
        is_free: category.isFree,
        is_announced: category.isAnnounced,
        position: category.position,
        created_at: now,
      });
      categoryIds.set(category.slug, row.id);
    }
    for (const edition of catalog.editions) {
      const collectionId = await insertEdition(trx, categoryIds.get(edition.categorySlug)!, edition, now);
      // As publishing does (decision 0043): the templates are written before the first download.
      await queueEditionTemplates(trx, collectionId, now);
      editions.push(edition.code);
    }
  });
  await analyzeProducts(db);
  return editions;
}

/** One demo account, with its complimentary subscription when it has one, in one transaction. */
async function insertDemoAccount(db: Db, account: DemoAccount, now: Date): Promise<void> {
  const passwordHash = await hashPassword(account.password);
  await db.transaction().execute(async (trx) => {
    const user = await insertUser(trx, {
      name: account.name,
      email: account.email,
      password_hash: passwordHash,
      google_subject: null,
      is_verified: true,
      is_onboarded: account.role === 'operator',
      role: account.role,
      password_changed_at: now,
      last_login_at: null,
      created_at: now,
      updated_at: now,
    });
    if (!account.subscription) return;
    const plan = await findPlanBySlug(trx, account.subscription);
    if (!plan) throw new Error(`The plan "${account.subscription}" is missing.`);
    // Started two months ago, so the demo shows editions under 'Previously Purchased'.
    const periodStart = new Date(now.getTime() - DEMO_SUBSCRIPTION_AGE_DAYS * DAY_MS);
    await insertSubscription(trx, {
      user_id: user.id,
      plan_id: plan.id,
      status: 'active',
      period_start: periodStart,
      period_end: addMonths(periodStart, plan.period_months ?? 12),
      auto_renew: false,
      source: 'complimentary',
      created_at: now,
      updated_at: now,
    });
  });
}

/**
 * Loads the sample data: the plans, the sample catalog (only into a catalog without categories),
 * the sample blog posts (only into a blog without posts), the demo accounts and the user guide's sample PDFs and videos. Safe to run on every start; it adds only what is missing and never
 * changes what a user or the operator has done since.
 */
export async function seedSampleData(db: Db, now: Date): Promise<SeedResult> {
  const catalog = sampleCatalog();
  const plans = await seedPlans(db, catalog);
  const editions = await seedCatalog(db, catalog, now);
  const posts = await seedPosts(db, sampleBlogPosts, now);
  const created: string[] = [];
  for (const account of demoAccounts) {
    if (await findUserByEmail(db, account.email)) continue;
    await insertDemoAccount(db, account, now);
    created.push(account.email);
  }
  const guide = await seedUserGuide(db, now);
  return { created, plans, editions, guide, posts };
}

/** Inserts an edition and its products; returns its id. */
async function insertEdition(db: Db, categoryId: number, edition: SampleCatalogEdition, now: Date): Promise<number> {
  const collection = await insertCollection(db, {
    category_id: categoryId,
    collection_id: edition.code,
    name: edition.name,
    rundate: edition.rundate,
    image: null,
    is_free: edition.isFree,
    item_count: edition.items.length,
    created_at: now,
  });
  await insertProducts(
    db,
    edition.items.map((item) => ({
      collection_id: collection.id,
      sku: item.sku,
      name: item.name,
      description: item.description,
      unit: item.unit,
      group_name: item.group,
      cost_cents: item.costCents,
      manufacturer_part_number: item.manufacturerPartNumber,
      upc: item.upc,
    })),
  );
  return collection.id;
}
