import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ROUTES_SOURCE = fileURLToPath(new URL('./src/app/routes.ts', import.meta.url));
const SOURCE_DIR = fileURLToPath(new URL('./src/', import.meta.url));

/** What a route's screen needs beyond the entry: its scripts and its styles, as served paths. */
export interface RouteAssets {
  readonly js: readonly string[];
  readonly css: readonly string[];
}

/** The file's content: each route's screen. */
export interface RouteAssetsFile {
  readonly routes: Readonly<Record<string, RouteAssets>>;
}

/** The file the server reads: a RouteAssetsFile. */
export const ROUTE_ASSETS_FILE = 'route-assets.json';

/**
 * The screens of src/app/routes.ts: each route name with the module of its screen (relative to
 * src/), read from the `name: lazyPage(() => import('…'))` lines — the table stays the one place
 * that says which screen a route shows.
 */
export function routeScreenModules(source: string): Map<string, string> {
  const modules = new Map<string, string>();
  for (const match of source.matchAll(/^\s*(\w+): lazyPage\(\(\) => import\('\.\.\/([^']+)'\)\),?$/gm)) {
    const [, name, module] = match;
    if (name && module) modules.set(name, module);
  }
  return modules;
}

/**
 * Writes `route-assets.json` into the build (issue 18, decision 035): for each route of SPEC 2, the
 * chunks and styles its screen loads beyond the entry. The server puts them into the page it
 * serves for that route as `modulepreload` and `preload` links, so the screen's code comes with
 * the entry instead of after it has run.
 */
export function routePreloadPlugin(): Plugin {
  return {
    name: 'chain-route-preload',
    apply: 'build',
    generateBundle: {
      // After Vite's own steps, which drop the chunks that only carried styles.
      order: 'post',
      handler(_options, bundle) {
        const entry = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId?.endsWith('/index.html'),
        );
        if (entry?.type !== 'chunk') return;
        const reach = (fileName: string, into: Set<string>) => {
          if (into.has(fileName) || !(fileName in bundle)) return;
          into.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) reach(imported, into);
        };
        const onEntry = new Set<string>();
        reach(entry.fileName, onEntry);

        const assetsOf = (fileName: string): RouteAssets => {
          const files = new Set<string>();
          reach(fileName, files);
          const js = [...files].filter((file) => !onEntry.has(file));
          const css = js.flatMap((file) => {
            const chunk = bundle[file];
            return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
          });
          return { js: js.map((file) => `/${file}`), css: [...new Set(css)].map((file) => `/${file}`) };
        };
        const chunkHolding = (id: string) => {
          const holds = (output: (typeof bundle)[string]) =>
            output.type === 'chunk' && output.moduleIds.some((moduleId) => moduleId.replace(/\.tsx?$/, '') === id);
          // The module's own chunk (loaded by its import()), else whichever chunk holds it.
          const chunks = Object.values(bundle).filter(holds);
          return chunks.find((output) => output.type === 'chunk' && output.isDynamicEntry) ?? chunks[0];
        };

        const routes: Record<string, RouteAssets> = {};
        for (const [route, module] of routeScreenModules(readFileSync(ROUTES_SOURCE, 'utf8'))) {
          const screen = chunkHolding(`${SOURCE_DIR}${module}`);
          if (screen?.type !== 'chunk') this.error(`route-preload: no chunk for the ${route} screen (${module})`);
          routes[route] = assetsOf(screen.fileName);
        }
        // The maps' code (Leaflet, 44 kB) is not preloaded: measured, it held back the entry's own
        // scripts and the first paint more than it brought the map's tiles forward (decision 035).
        const assets: RouteAssetsFile = { routes };
        this.emitFile({ type: 'asset', fileName: ROUTE_ASSETS_FILE, source: `${JSON.stringify(assets, null, 2)}\n` });
      },
    },
  };
}
