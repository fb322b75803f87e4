import { sql, type Kysely } from 'kysely';

/** Categories, their editions (collections) and the editions' products. */
async function createEditionTables(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE categories (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      slug text NOT NULL UNIQUE,
      tagline text,
      is_free boolean NOT NULL DEFAULT false,
      is_announced boolean NOT NULL DEFAULT false,
      position integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX categories_name_lower_key ON categories (lower(name));

    CREATE TABLE collections (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      category_id integer NOT NULL REFERENCES categories (id),
      collection_id text NOT NULL UNIQUE,
      name text NOT NULL,
      rundate text NOT NULL CHECK (rundate ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      image text,
      is_free boolean NOT NULL DEFAULT false,
      item_count integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX collections_category_rundate_idx ON collections (category_id, rundate DESC, id DESC);

    CREATE TABLE products (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      collection_id integer NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
      sku text NOT NULL,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      unit text NOT NULL,
      group_name text NOT NULL,
      cost_cents integer NOT NULL CHECK (cost_cents >= 0),
      manufacturer_part_number text,
      upc text,
      UNIQUE (collection_id, sku)
    );
    -- Downloads read an edition in id order, page by page (keyset pagination).
    CREATE INDEX products_collection_page_idx ON products (collection_id, id);
  `.execute(db);
}

/** Each user's markups and tax (basis points), and the inventory option and income type of synced items. */
async function createUserFactorsTable(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE user_factors (
      user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      markup1_10_bp integer CHECK (markup1_10_bp >= 0),
      markup11_20_bp integer CHECK (markup11_20_bp >= 0),
      markup21_50_bp integer CHECK (markup21_50_bp >= 0),
      markup51_150_bp integer CHECK (markup51_150_bp >= 0),
      markup151_500_bp integer CHECK (markup151_500_bp >= 0),
      markup501_bp integer CHECK (markup501_bp >= 0),
      tax_bp integer CHECK (tax_bp >= 0),
      inventory_option text NOT NULL DEFAULT '',
      income_type text NOT NULL DEFAULT '',
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

/** Plans and subscriptions. */
async function createPlanTables(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE plans (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      slug text NOT NULL UNIQUE,
      name text NOT NULL,
      description text NOT NULL,
      price_cents integer NOT NULL CHECK (price_cents >= 0),
      regular_price_cents integer,
      billing_interval text NOT NULL CHECK (billing_interval IN ('none', 'month', 'year')),
      period_days integer NOT NULL,
      download_max_per_period integer NOT NULL CHECK (download_max_per_period >= 0),
      stripe_price_id_recurring text,
      stripe_price_id_one_time text,
      is_free boolean NOT NULL DEFAULT false,
      is_active boolean NOT NULL DEFAULT true,
      position integer NOT NULL DEFAULT 0
    );

    CREATE TABLE subscriptions (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      plan_id integer NOT NULL REFERENCES plans (id),
      status text NOT NULL CHECK (status IN ('active', 'canceled', 'expired')),
      period_start timestamptz NOT NULL,
      period_end timestamptz NOT NULL,
      auto_renew boolean NOT NULL DEFAULT false,
      source text NOT NULL CHECK (source IN ('complimentary', 'stripe')),
      downloads_used integer NOT NULL DEFAULT 0 CHECK (downloads_used >= 0),
      canceled_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CHECK (period_end > period_start)
    );
    CREATE INDEX subscriptions_user_idx ON subscriptions (user_id, period_end DESC);
  `.execute(db);
}

/** The append-only download log. */
async function createDownloadLog(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE download_log (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer REFERENCES users (id) ON DELETE SET NULL,
      collection_id integer NOT NULL REFERENCES collections (id),
      subscription_id integer REFERENCES subscriptions (id) ON DELETE SET NULL,
      format text NOT NULL,
      layout text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX download_log_user_idx ON download_log (user_id, created_at);
  `.execute(db);
}

/**
 * The catalog (categories, editions and their products), user factors, plans, subscriptions and
 * the append-only download log, in that order. Money is integer cents and percentages basis points.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createEditionTables(db);
  await createUserFactorsTable(db);
  await createPlanTables(db);
  await createDownloadLog(db);
}
