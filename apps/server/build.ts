/**
 * `npm run build -w @chain/server`: the server as JavaScript in dist/ (decision 056). One
 * esbuild bundle of src/server.ts with the workspace packages (@chain/domain, @chain/contract:
 * TypeScript sources) inside it and every npm package left to node_modules. ES modules with
 * code splitting, so what src/server.ts imports only dynamically (the sandbox, the demo data)
 * is a chunk of its own that a server without them never loads. Every output file lands
 * directly in dist/ (src/paths.ts counts on it). Run by plain `node dist/server.js`.
 */
import { rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';

const SERVER_DIR = fileURLToPath(new URL('.', import.meta.url));
export const DIST_DIR = join(SERVER_DIR, 'dist');

/** npm packages stay imports of node_modules; the workspace's own (@chain/*) are bundled. */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@chain/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Builds into `outdir` (a folder directly inside apps/server) and returns esbuild's metafile. */
export async function buildServer(outdir: string = DIST_DIR): Promise<Metafile> {
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: { server: join(SERVER_DIR, 'src/server.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    // Chunks beside the entry, never in a subfolder (src/paths.ts resolves from one level down).
    chunkNames: '[name]-[hash]',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [npmPackagesExternal],
  });
  return result.metafile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  const metafile = await buildServer();
  const files = Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.js'));
  const bytes = files.reduce((sum, [, output]) => sum + output.bytes, 0);
  console.log(
    `server built into ${relative(process.cwd(), DIST_DIR) || '.'}: ${files.length} files, ${(bytes / 1024).toFixed(0)} KB, ${Math.round(performance.now() - started)} ms`,
  );
}
