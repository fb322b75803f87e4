import { z } from 'zod';
import { emailField, requiredMessage } from './accounts.ts';
import { ID_MAX, singleLine } from './fields.ts';
import { onboardingMessages, PHONE_PATTERN } from './onboarding.ts';

// The forms' messages live in a module without zod, so the public pages can show them without loading the schemas.
export {
  marketingEmptyEmailMessage,
  marketingMessages,
  newsletterAlreadySubscribedMessage,
  newsletterEmptyEmailMessage,
  newsletterLinkInvalidMessage,
  newsletterMessages,
  newsletterUnsubscribedMessage,
} from './content-messages.ts';

/** `POST /newsletter_email/` and `POST /marketing-signup/`: one email. */
export const signupEmailRequest = z.object({ email: emailField });

export const newsletterSignupResponse = z.object({
  message: z.string(),
  /** False when the address was already on the list: nothing new was stored or mailed. */
  subscribed: z.boolean(),
});

export const marketingSignupResponse = z.object({ success: z.literal(true), message: z.string() });

/** The unsubscribe link's token: `<subscriber id>.<signature>`, both base64url. */
export const unsubscribeRequest = z.object({
  token: singleLine(z.string().min(1).max(200)),
});

/** A post's custom URL: lower-case words joined by hyphens (a path segment), never all digits (that is an id). */
export const CUSTOM_URL_PATTERN = /^(?![0-9]+$)[a-z0-9]+(?:-[a-z0-9]+)*$/;
const POST_ID_PATTERN = /^[1-9][0-9]{0,9}$/;

/** True for a post key: an id from 1 to ID_MAX, or a custom URL. */
export function isBlogPostKey(value: string): boolean {
  return /^[0-9]+$/.test(value) ? POST_ID_PATTERN.test(value) && Number(value) <= ID_MAX : CUSTOM_URL_PATTERN.test(value);
}

/** `{id}` of `GET /blog_details/{id}/` and `/blog/{id}`: a post's id or its custom URL. */
export const blogPostKey = z.object({
  id: z
    .string()
    .max(120, { error: 'No such post.' })
    .refine(isBlogPostKey, { error: 'Give a post id or its custom URL.' }),
});

/** product §3.4: a post in the list; `aurther_img` is spelled so on the wire. */
export const blogPostSummary = z.object({
  id: z.int(),
  custom_url: z.string().nullable(),
  blog_thumbnail: z.string(),
  title: z.string(),
  category: z.string(),
  intro: z.string(),
  aurther_img: z.string(),
  author: z.string(),
  /** When the post was published (ISO 8601). */
  created_at: z.string(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummary>;

/** One paragraph: markdown text, kept raw on the server (the browser renders and sanitises it). */
export const blogParagraph = z.object({ text: z.string(), image: z.string().nullable() });
export type BlogParagraph = z.infer<typeof blogParagraph>;

export const blogPostDetail = blogPostSummary.extend({
  paragraphs: z.array(blogParagraph),
  /** The last change (ISO 8601). */
  updated_at: z.string(),
});
export type BlogPostDetail = z.infer<typeof blogPostDetail>;

export const blogPostsResponse = z.array(blogPostSummary);

/** `GET /list-groups/electrical/`: the groups of a category's current edition and their item counts. */
export const listGroupsParams = z.object({ category: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Give a category slug.' }).max(60) });
export const listGroupsResponse = z.object({
  /** The current edition counted, or null when the category has none yet. */
  edition: z.object({ collection_id: z.string(), name: z.string(), rundate: z.string(), item_count: z.int() }).nullable(),
  groups: z.array(z.object({ name: z.string(), count: z.int() })),
});
export type ListGroups = z.infer<typeof listGroupsResponse>;


const requiredLine = (max: number) =>
  singleLine(
    z
      .string({ error: requiredMessage })
      .trim()
      .min(1, { error: requiredMessage })
      .max(max, { error: `Ensure this field has no more than ${max} characters.` }),
  );

/** `POST /setup-call-requests/`: a request for the 40%-off setup call when no scheduling page is set. */
export const setupCallRequest = z.object({
  name: requiredLine(150),
  email: emailField,
  /** Optional; if given, product §5.8's pattern (the onboarding dialog's). */
  phone: z
    .string({ error: onboardingMessages.phone })
    .trim()
    .max(20, { error: onboardingMessages.phone })
    .refine((value) => value === '' || PHONE_PATTERN.test(value), { error: onboardingMessages.phone })
    .optional(),
  preferred_time: requiredLine(120),
});
export type SetupCallRequest = z.infer<typeof setupCallRequest>;
export const setupCallRequestedMessage = 'Thanks! We will email you within one business day to confirm your setup call.';
