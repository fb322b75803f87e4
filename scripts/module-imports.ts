import path from 'node:path';
import { listModuleImports, moduleCycles, moduleDependencies, modulesDir } from '../apps/api/src/architecture/module-graph.ts';

/**
 * Prints how the API's domain modules depend on each other (production files only): imports from
 * one module into another, those that reach another module's repositories or go around its public
 * index.ts, the cycles between modules, and the modules that import the audit log from another
 * module. Run: npx tsx scripts/module-imports.ts [--list]. With --check (part of `npm run lint`) it
 * prints only a failure, and exits 1, when the modules import each other in a cycle.
 */
const imports = listModuleImports();
const cycles = moduleCycles(moduleDependencies(imports));
const intoRepositories = imports.filter((entry) => entry.target.startsWith('repositories/'));
const aroundIndex = imports.filter((entry) => entry.target !== 'index.ts');
const auditLogImports = imports.filter((entry) => path.basename(entry.target, '.ts') === 'audit-log');
const auditLogImporters = new Set(auditLogImports.map((entry) => entry.from));

if (process.argv.includes('--check')) {
  for (const cycle of cycles) console.error(`The API's modules import each other in a cycle (docs/architecture.md): ${[...cycle, cycle[0]].join(' → ')}`);
  process.exit(cycles.length === 0 ? 0 : 1);
}

console.log(`imports between modules: ${imports.length}`);
console.log(`  into another module's repositories/: ${intoRepositories.length}`);
console.log(`  not through the module's index.ts: ${aroundIndex.length}`);
console.log(`modules importing each other both ways: ${cycles.filter((cycle) => cycle.length === 2).length}`);
console.log(`cycles between modules (any length): ${cycles.length}`);
for (const cycle of cycles) console.log(`  ${[...cycle, cycle[0]].join(' → ')}`);
console.log(`modules importing the audit log from another module: ${auditLogImporters.size} (${new Set(auditLogImports.map((entry) => entry.file)).size} files)`);
if (process.argv.includes('--list')) {
  for (const entry of imports) console.log(`  ${entry.file} → ${entry.to}/${entry.target}`);
}
console.log(`(modules folder: ${path.relative(process.cwd(), modulesDir)})`);
