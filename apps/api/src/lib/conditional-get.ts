/**
 * Conditional GET (RFC 9110 §8.8.3, §13.1.2): stored files answer with a strong ETag, the SHA-256
 * of their bytes, and a request whose If-None-Match names it gets 304 without a body.
 */

/** The strong entity tag of content with this hex SHA-256. */
export function entityTag(sha256: string): string {
  return `"${sha256}"`;
}

/**
 * Whether an If-None-Match header matches `etag`: `*`, or a comma-separated list in which one
 * tag equals it, compared weakly as the RFC asks for this header (a `W/` prefix is ignored).
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}
