import { sql, type Kysely } from 'kysely';

/** The onboarding answers (product §2 onboarding dialog), one row per user; the operator reads them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE onboarding_answers (
      user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      software text NOT NULL,
      team_size text NOT NULL,
      referral_source text NOT NULL,
      phone_number text,
      can_contact boolean NOT NULL,
      answered_at timestamptz NOT NULL
    );
  `.execute(db);
}
