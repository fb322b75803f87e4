/**
 * Download file names (product §9: the collection name plus the extension, `products.csv` when
 * there is none) made safe for a Content-Disposition header (RFC 6266, RFC 8187/5987) and for
 * the user's disk (product §11.12). Pure; runs in the browser too.
 */

export type FileExtension = 'csv' | 'xlsx' | 'pdf';

export interface SafeFileName {
  /** ASCII only, for `filename="…"`: no quotes, backslashes, controls or `%`. */
  ascii: string;
  /** The Unicode name, for `filename*=UTF-8''…`. */
  utf8: string;
}

/** At most this many characters, extension included. */
export const FILE_NAME_MAX = 150;
/** Most file systems allow 255 bytes per name; a little slack for a browser's " (1)". */
const FILE_NAME_MAX_BYTES = 240;
const DEFAULT_BASE = 'products';

// Controls (C0, DEL, C1), Unicode line/paragraph separators, bidi overrides and isolates (which
// can disguise an extension), zero-width characters, and characters Windows or HTTP forbid.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff"\\/;:*?<>|]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/** Collapses whitespace and strips the dots and spaces that make `..`, hidden files or Windows trouble. */
function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
}

/** Cuts to at most `maxCharacters` code points and `maxBytes` UTF-8 bytes, then tidies the end again. */
function cut(text: string, maxCharacters: number, maxBytes: number): string {
  let result = '';
  let characters = 0;
  let bytes = 0;
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    const size = codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
    if (characters === maxCharacters || bytes + size > maxBytes) break;
    result += character;
    characters += 1;
    bytes += size;
  }
  return tidy(result);
}

function guardDevice(base: string): string {
  return WINDOWS_DEVICE.test(base) ? `${base}_` : base;
}

/** The download name for a collection, in an ASCII and a Unicode form; `products.<ext>` when nothing usable is left. */
export function safeFileName(collectionName: string | null | undefined, extension: FileExtension): SafeFileName {
  const suffix = `.${extension}`;
  const room = FILE_NAME_MAX - suffix.length;
  const cleaned = tidy((collectionName ?? '').normalize('NFC').replace(LONE_SURROGATE, '').replace(UNSAFE, ' '));
  const unicodeBase = guardDevice(cut(cleaned, room, FILE_NAME_MAX_BYTES - suffix.length)) || DEFAULT_BASE;
  const asciiBase =
    guardDevice(
      cut(
        tidy(
          unicodeBase
            .normalize('NFKD')
            .replace(/[\u0300-\u036f]/g, '')
            .replace(/[^\x20-\x7e]/g, '')
            // Compatibility decomposition can make unsafe characters (U+2100 becomes "a/c").
            .replace(UNSAFE, ' ')
            .replace(/[%'`]/g, ' '),
        ),
        room,
        room,
      ),
    ) || DEFAULT_BASE;
  return { ascii: asciiBase + suffix, utf8: unicodeBase + suffix };
}

/** RFC 8187 ext-value: UTF-8, percent-encoded except attr-char. */
function encodeExtValue(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `attachment; filename="…"; filename*=UTF-8''…` for a collection's download. */
export function contentDisposition(collectionName: string | null | undefined, extension: FileExtension): string {
  const name = safeFileName(collectionName, extension);
  return `attachment; filename="${name.ascii}"; filename*=UTF-8''${encodeExtValue(name.utf8)}`;
}
