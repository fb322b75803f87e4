import { sql, type Kysely } from 'kysely';

/**
 * Pricing profiles (decision 0044): each user's named sets of pricing rules, one the default.
 * - rules: the pricing engine's rules as JSON, in cents and basis points (`PricingRules` of
 *   packages/pricing/src/rules.ts: bands, groupMarkups, itemOverrides, ending, minPriceCents,
 *   minMarginCents, taxBp); the service checks them with the engine before it stores them.
 * - one default per user (a partial unique index) and names unique per user, whatever their case.
 * - every user gets a default profile: existing users from their six markups and tax, each new
 *   user when the row is inserted (a trigger, so every way in, sign-up, Google, the command line,
 *   gets one). The default profile holds the markups and tax from now on; user_factors keeps the
 *   QuickBooks texts, and its markup columns are no longer read or written.
 * - sync_runs records the profile that priced a sync: its id, its name at the time, and its rules
 *   as they were when the sync was asked for (a sync resumed after a failure prices as it began;
 *   null for the syncs before this migration, which price with the default profile).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE pricing_profiles (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 40),
      is_default boolean NOT NULL DEFAULT false,
      rules jsonb NOT NULL CHECK (jsonb_typeof(rules) = 'object'),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX pricing_profiles_one_default_idx ON pricing_profiles (user_id) WHERE is_default;
    CREATE UNIQUE INDEX pricing_profiles_name_idx ON pricing_profiles (user_id, lower(name));

    CREATE FUNCTION default_pricing_rules(
      m1 integer, m2 integer, m3 integer, m4 integer, m5 integer, m6 integer, tax integer
    ) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
      SELECT jsonb_build_object(
        'bands', jsonb_build_array(
          jsonb_build_object('fromCents', 0, 'markupBp', m1),
          jsonb_build_object('fromCents', 1001, 'markupBp', m2),
          jsonb_build_object('fromCents', 2001, 'markupBp', m3),
          jsonb_build_object('fromCents', 5001, 'markupBp', m4),
          jsonb_build_object('fromCents', 15001, 'markupBp', m5),
          jsonb_build_object('fromCents', 50001, 'markupBp', m6)
        ),
        'groupMarkups', '[]'::jsonb,
        'itemOverrides', '[]'::jsonb,
        'ending', 'none',
        'minPriceCents', 0,
        'minMarginCents', 0,
        'taxBp', tax
      )
    $$;

    INSERT INTO pricing_profiles (user_id, name, is_default, rules)
    SELECT users.id, 'Standard', true,
      default_pricing_rules(f.markup1_10_bp, f.markup11_20_bp, f.markup21_50_bp, f.markup51_150_bp, f.markup151_500_bp, f.markup501_bp, f.tax_bp)
    FROM users LEFT JOIN user_factors f ON f.user_id = users.id;

    CREATE FUNCTION create_default_pricing_profile() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO pricing_profiles (user_id, name, is_default, rules)
      VALUES (NEW.id, 'Standard', true, default_pricing_rules(NULL, NULL, NULL, NULL, NULL, NULL, NULL));
      RETURN NEW;
    END
    $$;
    CREATE TRIGGER users_default_pricing_profile AFTER INSERT ON users
      FOR EACH ROW EXECUTE FUNCTION create_default_pricing_profile();

    ALTER TABLE sync_runs
      ADD COLUMN profile_id integer REFERENCES pricing_profiles (id) ON DELETE SET NULL,
      ADD COLUMN profile_name text,
      ADD COLUMN pricing_rules jsonb;
  `.execute(db);
}
