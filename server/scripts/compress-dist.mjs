// The last step of `npm run build:app`, `build:widget` and `build:demo` (so of `npm run build` and of
// what `npm start` builds): writes `x.br` (brotli, quality 11) and `x.gz` (gzip, level 9) beside
// every compressible file `x` of the folders named as arguments (relative to the repository; all of
// dist/app, dist/widget and dist/demo without any), so that the server sends them as they are and never
// compresses at request time (server/src/site/dist-file.ts). A compressed file that would not be
// smaller than its original is not written: the server then sends the original to everyone.
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../../', import.meta.url));
const DEFAULT_FOLDERS = ['dist/app', 'dist/widget', 'dist/demo'];
/** Text formats; images such as png, webp and woff2 fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|cjs|css|html|htm|svg|json|webmanifest|txt|xml|map|ts|mts|ico|wasm)$/i;
const VARIANTS = [
  [
    '.br',
    (bytes) =>
      promisify(brotliCompress)(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
        },
      }),
  ],
  ['.gz', (bytes) => promisify(gzip)(bytes, { level: constants.Z_BEST_COMPRESSION })],
];

async function* filesOf(folder) {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesOf(path);
    else if (entry.isFile()) yield path;
  }
}

async function compressFile(path, totals) {
  const bytes = await readFile(path);
  totals.files += 1;
  totals.bytes += bytes.byteLength;
  for (const [suffix, compress] of VARIANTS) {
    const compressed = await compress(bytes);
    const key = suffix.slice(1);
    if (compressed.byteLength < bytes.byteLength) {
      await writeFile(path + suffix, compressed);
      totals[key] += compressed.byteLength;
    } else {
      // One from an earlier build would be stale.
      await rm(path + suffix, { force: true });
      totals[key] += bytes.byteLength;
    }
  }
}

async function compressFolder(folder) {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  const queue = [];
  for await (const path of filesOf(folder)) if (COMPRESSIBLE.test(path)) queue.push(path);
  // zlib works on libuv's thread pool: one file per core at a time.
  const worker = async () => {
    for (let path = queue.shift(); path; path = queue.shift()) await compressFile(path, totals);
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
  return totals;
}

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const folders = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_FOLDERS;
for (const folder of folders) {
  const path = resolve(root, folder);
  if (!(await stat(path).catch(() => null))?.isDirectory()) {
    console.log(`compress: ${folder} is not built, skipped`);
    continue;
  }
  const totals = await compressFolder(path);
  console.log(
    `compress: ${relative(root, path)}: ${totals.files} files, ${kb(totals.bytes)} -> br ${kb(totals.br)}, gzip ${kb(totals.gz)}`,
  );
}
