import type { Generated } from 'kysely';
import type { Timestamp, Json } from './columns.ts';

/** The user guide's PDFs (product §3.9). */
export interface UserGuideResourcesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  file_name: string;
  content: Buffer;
  position: number;
  created_at: Timestamp;
}

/** The user guide's videos, each with a poster image and WebVTT captions (product §2.14). */
export interface UserGuideVideosTable {
  id: Generated<number>;
  slug: string;
  title: string;
  description: string;
  media_type: string;
  content: Buffer;
  duration_seconds: number;
  poster_media_type: string;
  poster: Buffer;
  captions: string;
  position: number;
  created_at: Timestamp;
}

/** Blog posts (product §3.4); `paragraphs` holds `{ text, image }` objects, text in markdown. */
export interface BlogPostsTable {
  id: Generated<number>;
  custom_url: string | null;
  title: string;
  category: string;
  intro: string;
  author: string;
  author_image: string;
  thumbnail: string;
  paragraphs: Json<Array<{ text: string; image: string | null }>>;
  status: Generated<'draft' | 'published'>;
  published_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Newsletter addresses (product §5.4), stored once; an unsubscribed row keeps its date. */
export interface NewsletterSubscribersTable {
  id: Generated<number>;
  email: string;
  subscribed_at: Timestamp;
  unsubscribed_at: Timestamp | null;
  client_address: string | null;
}

/** Entries of the free-year draw (product §2.2 /marketing), one per address. */
export interface MarketingSignupsTable {
  id: Generated<number>;
  email: string;
  signed_up_at: Timestamp;
  client_address: string | null;
}

/** Requests for the 40%-off setup call (when no BOOKING_URL is set), kept for the operator. */
export interface SetupCallRequestsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  preferred_time: string;
  requested_at: Timestamp;
  client_address: string | null;
}

/** A winner of the free-year draw, drawn at random by an operator. */
export interface DrawWinnersTable {
  id: Generated<number>;
  marketing_signup_id: number | null;
  email: string;
  /** How many entries the draw was among. */
  entries: number;
  drawn_at: Timestamp;
  drawn_by_id: number | null;
  drawn_by_email: string;
}

/** One bulk email: a new edition's announcement or product news, sent in checkpointed batches (decision 0019). */
export interface MailingsTable {
  id: Generated<number>;
  kind: 'new-edition' | 'product-news';
  collection_id: number | null;
  subject: string | null;
  body_markdown: string | null;
  /** YYYY-MM-DD: not sent before this day (an edition's run date). */
  due_on: string;
  state: 'scheduled' | 'sending' | 'sent' | 'skipped';
  /** What the edition changed, computed once when sending starts, so every batch tells the same. */
  summary: Json<unknown> | null;
  /** The checkpoint: every user with a smaller or equal id has been handled. */
  last_user_id: Generated<number>;
  recipients: Generated<number>;
  created_by: string;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}

/** Who a mailing was sent to: one row per user, claimed with the user's outbox mail. */
export interface MailingDeliveriesTable {
  mailing_id: number;
  user_id: number;
  created_at: Timestamp;
}
