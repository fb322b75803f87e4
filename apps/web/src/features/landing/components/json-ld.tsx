import { jsonLdText, type JsonLd as JsonLdData } from '../utils/structured-data';

/** A JSON-LD data block (never executed, so the CSP's script rules do not apply to it). */
export function JsonLd({ data }: { data: JsonLdData }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
