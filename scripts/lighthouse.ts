/**
 * `npm run lighthouse`: Lighthouse 13 (what PageSpeed Insights runs) on the public pages of the
 * built app. Lighthouse 13 needs Node 22.19 or later, so this installs it (and Node 24 where this
 * Node is older) into a cache folder on first use (scripts/lighthouse-tool.ts), then runs the
 * measurement (scripts/lighthouse-measure.ts) under that Node. Builds nothing: `npm run build`
 * first. Exits 1 when a page is below target.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { missingBuildOutputs } from './built-server.ts';
import { ensureLighthouseTool } from './lighthouse-tool.ts';

const root = path.resolve(import.meta.dirname, '..');

const missing = missingBuildOutputs();
if (missing.length > 0) {
  console.error(`npm run lighthouse measures the built app and builds nothing: run \`npm run build\` first (missing ${missing.join(', ')}).`);
  process.exit(1);
}
console.log('Measuring the built app (run `npm run build` first after a change).');

const tool = ensureLighthouseTool();
// tsx is the project's; --import resolves it from the repository root, whichever Node runs it.
const measure = spawn(tool.node, ['--import', 'tsx', 'scripts/lighthouse-measure.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, LIGHTHOUSE_TOOL_DIR: tool.dir },
});
const stop = (signal: NodeJS.Signals) => measure.kill(signal);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
measure.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
