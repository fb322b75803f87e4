/**
 * JSON for a <script type="application/json"> or JSON-LD element: `<`, `>` and `&` are escaped, so
 * no text in it can close the element or open a comment, and U+2028/U+2029 are escaped for
 * whatever reads it as script. JSON.parse reads it back unchanged.
 */
export function jsonScriptText(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
