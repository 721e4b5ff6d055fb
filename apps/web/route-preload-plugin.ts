import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ROUTES_SOURCE = fileURLToPath(new URL('./src/app/routes.ts', import.meta.url));
const SOURCE_DIR = fileURLToPath(new URL('./src/', import.meta.url));

/** What a route's screen needs beyond the entry: its scripts, its styles and the public answers it asks at once, as served paths. */
export interface RouteAssets {
  readonly js: readonly string[];
  readonly css: readonly string[];
  readonly fetch: readonly string[];
}

/**
 * Public GET answers a screen asks as it opens, by the module that asks them: a route whose chunks
 * hold the module gets the answer preloaded with its page, beside its code.
 */
const DATA_MODULES: ReadonlyArray<{ module: string; path: string }> = [
  { module: fileURLToPath(new URL('./src/api/restaurants.ts', import.meta.url)), path: '/api/v2/restoran/list' },
];

/** Routes whose screen holds such a module but asks its answer only on a tap: Home asks the list for a chosen saved address or table code. */
const ASKED_LATER: ReadonlySet<string> = new Set(['orderType']);

/** The file the server reads: `{ [route name]: RouteAssets }`. */
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
 * Writes `route-assets.json` into the build (issue 18): for each route of SPEC 2, the chunks and
 * styles its screen loads beyond the entry. The server puts them into the page it serves for that
 * route as `modulepreload` and `preload` links, so the screen's code comes with the entry instead
 * of after it (one round trip less before the first screen shows on a mobile network).
 */
export function routePreloadPlugin(): Plugin {
  return {
    name: 'chain-route-preload',
    apply: 'build',
    generateBundle: {
      // After Vite's own steps, which drop the chunks that only carried styles.
      order: 'post',
      handler(_options, bundle) {
        const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId?.endsWith('/index.html'));
        if (entry?.type !== 'chunk') return;
        const reach = (fileName: string, into: Set<string>) => {
          if (into.has(fileName) || !(fileName in bundle)) return;
          into.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) reach(imported, into);
        };
        const onEntry = new Set<string>();
        reach(entry.fileName, onEntry);

        const screens = routeScreenModules(readFileSync(ROUTES_SOURCE, 'utf8'));
        const assets: Record<string, RouteAssets> = {};
        for (const [route, module] of screens) {
          const id = `${SOURCE_DIR}${module}`;
          const holds = (output: (typeof bundle)[string]) => output.type === 'chunk' && output.moduleIds.some((moduleId) => moduleId.replace(/\.tsx?$/, '') === id);
          // The screen's own chunk (loaded by its import()), else whichever chunk holds it.
          const chunks = Object.values(bundle).filter(holds);
          const screen = chunks.find((output) => output.type === 'chunk' && output.isDynamicEntry) ?? chunks[0];
          if (screen?.type !== 'chunk') this.error(`route-preload: no chunk for the ${route} screen (${module})`);
          const files = new Set<string>();
          reach(screen.fileName, files);
          const js = [...files].filter((file) => !onEntry.has(file));
          const css = js.flatMap((file) => {
            const chunk = bundle[file];
            return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
          });
          const modules = new Set(js.flatMap((file) => {
            const chunk = bundle[file];
            return chunk?.type === 'chunk' ? chunk.moduleIds : [];
          }));
          const fetches = ASKED_LATER.has(route) ? [] : DATA_MODULES.filter((data) => modules.has(data.module)).map((data) => data.path);
          assets[route] = { js: js.map((file) => `/${file}`), css: [...new Set(css)].map((file) => `/${file}`), fetch: fetches };
        }
        this.emitFile({ type: 'asset', fileName: ROUTE_ASSETS_FILE, source: `${JSON.stringify(assets, null, 2)}\n` });
      },
    },
  };
}
