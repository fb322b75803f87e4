import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The folder of the API's domain modules. */
export const modulesDir = path.resolve(import.meta.dirname, '../modules');

/** One import (or re-export) declaration in a file of module `from` that names a file of module `to`. */
export interface ModuleImport {
  from: string;
  to: string;
  /** The importing file, relative to the modules folder. */
  file: string;
  /** The imported file, relative to the folder of module `to`. */
  target: string;
}

/** Whether a file is a test (unit test or a module's API test folder), which the module rules leave out. */
export function isTestFile(relativePath: string): boolean {
  return relativePath.endsWith('.test.ts') || relativePath.split(path.sep).includes('test');
}

function sourceFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(dir, name));
}

function moduleSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  return source.statements.flatMap((statement) =>
    (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
      ? [statement.moduleSpecifier.text]
      : [],
  );
}

/** Every import declaration (`import type` too) from one module's production files into another module. */
export function listModuleImports(dir = modulesDir): ModuleImport[] {
  const modules = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  return modules.flatMap((from) =>
    sourceFilesUnder(path.join(dir, from))
      .filter((file) => !isTestFile(path.relative(dir, file)))
      .flatMap((file) =>
        moduleSpecifiers(file)
          .filter((specifier) => specifier.startsWith('.'))
          .flatMap((specifier): ModuleImport[] => {
            const [to, ...rest] = path.relative(dir, path.resolve(path.dirname(file), specifier)).split(path.sep);
            if (!to || to === from || rest.length === 0 || !modules.includes(to)) return [];
            return [{ from, to, file: path.relative(dir, file), target: rest.join('/') }];
          }),
      ),
  );
}

/** The modules each module imports. */
export function moduleDependencies(imports: ModuleImport[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of imports) graph.set(from, (graph.get(from) ?? new Set()).add(to));
  return graph;
}

/**
 * Every elementary cycle of the module graph, each listed once from its alphabetically first
 * module (`['billing', 'catalog']` means billing imports catalog and catalog imports billing).
 */
export function moduleCycles(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const walk = (start: string, pathSoFar: string[]): void => {
    const last = pathSoFar[pathSoFar.length - 1] as string;
    for (const next of [...(graph.get(last) ?? [])].sort()) {
      if (next === start) cycles.push([...pathSoFar]);
      else if (next > start && !pathSoFar.includes(next)) walk(start, [...pathSoFar, next]);
    }
  };
  for (const start of [...graph.keys()].sort()) walk(start, [start]);
  return cycles;
}
