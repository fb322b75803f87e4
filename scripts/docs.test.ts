import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const decisionsDir = join(root, 'docs', 'decisions');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

describe('decision records', () => {
  const records = readdirSync(decisionsDir).filter((name) => /^\d{4}-.+\.md$/.test(name));

  it('each have a number of their own', () => {
    const numbers = records.map((name) => name.slice(0, 4));
    expect(numbers.filter((number, index) => numbers.indexOf(number) !== index)).toEqual([]);
  });

  it.each(records)('%s opens with its title, date and status', (name) => {
    const lines = readFileSync(join(decisionsDir, name), 'utf8').split('\n');
    expect(lines[0]).toMatch(new RegExp(`^# ${name.slice(0, 4)}: \\S`));
    expect(`${lines[2]} ${lines[3]}`).toMatch(/^Date: \d{4}-\d{2}-\d{2}\.? +Status: (accepted|superseded by \d{4})\b/);
  });
});

describe('links between documents', () => {
  const documents = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];

  it.each(documents.map((path) => [path.slice(root.length + 1), path]))('%s links only to files that exist', (_name, path) => {
    const text = readFileSync(path, 'utf8');
    const missing = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => match[1]!.split('#')[0]!)
      .filter((target) => target !== '' && !/^[a-z]+:/i.test(target))
      .filter((target) => !existsSync(resolve(dirname(path), target)));
    expect(missing).toEqual([]);
  });
});
