import { sql, type Kysely } from 'kysely';

/**
 * The public site's content (product §3.4, §5.4): blog posts, newsletter subscribers, the
 * free-year draw's sign-ups and requests for the setup call. A post's paragraphs are stored as
 * written (markdown); the browser renders and sanitises them (product §11.17).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE blog_posts (
      id serial PRIMARY KEY,
      custom_url text UNIQUE CHECK (custom_url ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND custom_url !~ '^[0-9]+$'),
      title text NOT NULL,
      category text NOT NULL,
      intro text NOT NULL,
      author text NOT NULL,
      author_image text NOT NULL,
      thumbnail text NOT NULL,
      paragraphs jsonb NOT NULL,
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
      published_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CHECK (status = 'draft' OR published_at IS NOT NULL)
    );
    CREATE INDEX blog_posts_published ON blog_posts (published_at DESC) WHERE status = 'published';

    CREATE TABLE newsletter_subscribers (
      id serial PRIMARY KEY,
      email text NOT NULL UNIQUE,
      subscribed_at timestamptz NOT NULL,
      unsubscribed_at timestamptz,
      client_address text
    );

    CREATE TABLE setup_call_requests (
      id serial PRIMARY KEY,
      name text NOT NULL,
      email text NOT NULL,
      phone text,
      preferred_time text NOT NULL,
      requested_at timestamptz NOT NULL,
      client_address text
    );

    CREATE TABLE marketing_signups (
      id serial PRIMARY KEY,
      email text NOT NULL UNIQUE,
      signed_up_at timestamptz NOT NULL,
      client_address text
    );
  `.execute(db);
}
