/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside each script, stylesheet and SVG of the
 * client build, which the server sends to browsers that accept them (@fastify/static's
 * `preCompressed`): compressed once at build time, at the highest levels, never per request.
 *
 * Part of `npm run build -w @tradelist/web`.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const compressible = /\.(js|css|svg|html|json|txt)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (name.startsWith('.')) return [];
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

let written = 0;
for (const file of filesUnder(dist).filter((name) => compressible.test(name))) {
  const content = readFileSync(file);
  if (content.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  written++;
}
console.log(`Compressed ${written} files of the client build (.br and .gz).`);
