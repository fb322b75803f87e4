import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// CSS modules are typed as `Record<string, string>`: a misspelt class name would be undefined
// without a type error. This test reads the sources and checks both directions.

const srcDir = path.resolve(import.meta.dirname, '..');

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Vite's `localsConvention: 'camelCaseOnly'`: `site-nav__link` → `siteNavLink`. */
function camelCase(className: string): string {
  return className.replace(/[-_]+([a-zA-Z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** The classes a module defines, as TSX reads them (`:global(...)` names are not the module's). */
function moduleClasses(file: string): Set<string> {
  const css = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/:global\([^)]*\)/g, '');
  return new Set([...css.matchAll(/\.([a-zA-Z][\w-]*)/g)].map((match) => camelCase(match[1]!)));
}

/** Every `<name>Styles.<class>` use in the TSX files, by module file. */
function usesByModule(): Map<string, Set<string>> {
  const uses = new Map<string, Set<string>>();
  for (const file of filesUnder(srcDir, '.tsx')) {
    const source = readFileSync(file, 'utf8');
    for (const [, name, specifier] of source.matchAll(/import (\w+) from '([^']+\.module\.css)';/g)) {
      const moduleFile = path.resolve(path.dirname(file), specifier!);
      const used = uses.get(moduleFile) ?? new Set<string>();
      for (const [, className] of source.matchAll(new RegExp(`\\b${name}\\.(\\w+)`, 'g'))) used.add(className!);
      uses.set(moduleFile, used);
    }
  }
  return uses;
}

describe('CSS modules', () => {
  const uses = usesByModule();
  const modules = filesUnder(srcDir, '.module.css');

  it('are all imported by some component', () => {
    expect(modules.filter((file) => !uses.has(file))).toEqual([]);
  });

  it('define every class the components use', () => {
    const missing = [...uses].flatMap(([file, used]) => {
      const defined = moduleClasses(file);
      return [...used].filter((name) => !defined.has(name)).map((name) => `${path.relative(srcDir, file)}: ${name}`);
    });
    expect(missing).toEqual([]);
  });

  it('hold no class that no component uses', () => {
    const unused = modules.flatMap((file) => {
      const used = uses.get(file) ?? new Set<string>();
      return [...moduleClasses(file)]
        .filter((name) => !used.has(name))
        .map((name) => `${path.relative(srcDir, file)}: ${name}`);
    });
    expect(unused).toEqual([]);
  });
});
