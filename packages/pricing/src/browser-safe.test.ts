import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The modules the web app may import: they must not reach for Node (only xlsx.ts and zip-stream.ts may). */
const browserModules = ['money.ts', 'bands.ts', 'markups.ts', 'layouts.ts', 'csv.ts', 'pacing.ts', 'file-names.ts', 'changes.ts', 'rules.ts', 'price-index.ts'];

describe('browser-safe modules', () => {
  it.each(browserModules)('%s imports nothing from Node and uses no Node globals', (file) => {
    const source = readFileSync(new URL(file, import.meta.url), 'utf8');
    const imports = [...source.matchAll(/^import[^;]*?from '([^']+)'/gms)].map((match) => match[1]);
    for (const specifier of imports) expect(specifier).toMatch(/^\.\/[a-z-]+\.ts$/);
    expect(source).not.toMatch(/\b(Buffer|process|require)\b/);
  });
});
