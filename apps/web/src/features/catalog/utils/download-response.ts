import { downloadMediaTypes, type DownloadFormat } from '@tradelist/contract/catalog';
import { errorBody } from '@tradelist/contract/errors';
import { serverErrorLines, type FieldLabels } from '../../../lib/error-messages';

/** product §8 download messages, spelled exactly. */
export const downloadMessages = {
  success: 'Successfully downloaded pricelist',
  notSubscribed: 'Not Subscribed',
  unknownFormat: 'Unknown response format!',
  unparsableError: 'Failed to parse error response.',
  /** product §8: the HTTP layer's generic message when no answer arrives at all. */
  network: 'Network Error',
} as const;

/** What a download call answered, judged by its body size and Content-Type only. */
export type DownloadResponseKind =
  | { kind: 'file'; format: DownloadFormat }
  | { kind: 'json' }
  | { kind: 'empty' }
  | { kind: 'unknown' };

/** The media type of a Content-Type header, lower-cased, without parameters. */
function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * product §8: a file is saved, a JSON body holds errors, no body means 'Not Subscribed' and any
 * other content type is unknown.
 */
export function classifyDownloadResponse(contentType: string | null, bodySize: number): DownloadResponseKind {
  if (bodySize === 0) return { kind: 'empty' };
  const mediaType = mediaTypeOf(contentType);
  if (mediaType === downloadMediaTypes.csv) return { kind: 'file', format: 'csv' };
  if (mediaType === downloadMediaTypes.xlsx) return { kind: 'file', format: 'xlsx' };
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) return { kind: 'json' };
  return { kind: 'unknown' };
}

/** product §9: the file name when the server names none. */
export function defaultFileName(format: DownloadFormat): string {
  return `products.${format}`;
}

/** Removes what a file name must not hold (path separators, control characters) and trims it. */
function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  return name.replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim().replace(/^\.+/, '');
}

/** Reads one `name=value` parameter of a header (a token or a quoted string), case-insensitively. */
function headerParameter(header: string, name: string): string | null {
  const pattern = new RegExp(`(?:^|;)\\s*${name.replace('*', '\\*')}\\s*=\\s*("(?:[^"\\\\]|\\\\.)*"|[^;]*)`, 'i');
  const match = pattern.exec(header);
  if (!match) return null;
  const raw = match[1]!.trim();
  return raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
}

/** RFC 8187 `charset'language'percent-encoded`; only UTF-8 (and its ASCII subset) is read. */
function decodeExtendedValue(value: string): string | null {
  const match = /^([\w!#$%&+^`{}~-]*)'[\w-]*'(.*)$/.exec(value);
  if (!match) return null;
  const charset = match[1]!.toLowerCase();
  if (charset !== 'utf-8' && charset !== 'us-ascii') return null;
  try {
    return decodeURIComponent(match[2]!);
  } catch {
    return null;
  }
}

/**
 * The file name of a Content-Disposition header (RFC 6266): `filename*=UTF-8''…` wins over
 * `filename="…"`; null when the header names none (or only an unusable one).
 */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = headerParameter(header, 'filename*');
  const decoded = extended === null ? null : decodeExtendedValue(extended);
  const candidates = [decoded, headerParameter(header, 'filename')];
  for (const candidate of candidates) {
    const name = candidate === null ? '' : safeFileName(candidate);
    if (name !== '') return name;
  }
  return null;
}

/** The download calls' fields as the download dialog names them. */
const downloadFieldLabels: FieldLabels = { collection_id: 'Price list', catelog_id: 'Category', format: 'File format', layout: 'Layout' };

/**
 * product §8.6: the entries of a JSON error body, shown together in one toast. Our contract body
 * gives each field's first message with the field's label (product §5.1), or else its `error`
 * text; any other object gives its string entries. Null when the text is not JSON or holds no
 * message at all.
 */
export function errorMessagesFromJson(text: string): string[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const contractBody = errorBody.safeParse(parsed);
  if (contractBody.success) {
    const messages = serverErrorLines(contractBody.data, downloadFieldLabels).filter((message) => message.trim() !== '');
    return messages.length > 0 ? messages : null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const messages = Object.values(parsed).flatMap((value: unknown) => {
    if (typeof value === 'string') return [value];
    if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
    return [];
  });
  const nonEmpty = messages.filter((message) => message.trim() !== '');
  return nonEmpty.length > 0 ? nonEmpty : null;
}
