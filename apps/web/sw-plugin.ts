import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SOURCE = fileURLToPath(new URL('./sw/service-worker.js', import.meta.url));

/**
 * Lazy modules that are part of the shell all the same (issue 18):
 * - the settings call, which the entry imports at every start: with the schema library it shares
 *   with the screens it is kept off the entry route to keep it light, yet every screen needs it;
 * - the SPEC 8 dialog, loaded with the first dialog (an offline tap's «Ошибка запроса…» is one);
 * - the screens that work offline (Home, the menu, a dish, the cart), so that an app updated and
 *   then opened without a network still starts and still takes an order into its cart. Other
 *   screens are kept when first opened.
 */
const SHELL_MODULES = [
  '/src/api/settings-call.ts',
  '/src/ui/dialog.tsx',
  '/src/features/home/order-type-page.tsx',
  '/src/features/menu/menu-page.tsx',
  '/src/features/menu/product-page.tsx',
  '/src/features/cart/cart-page.tsx',
];

/**
 * Writes `sw.js` into the build (issue 18, decision 031): the service worker of sw/service-worker.js
 * with this build's version and shell — index.html, the guest entry's own scripts and styles and
 * what they import statically, the shell's lazy modules (SHELL_MODULES) and what they import,
 * and the fonts. Other screens are cached when first opened.
 */
export function serviceWorkerPlugin(): Plugin {
  return {
    name: 'chain-service-worker',
    apply: 'build',
    // After Vite's own steps: it drops the chunks that only carried styles (their styles go to
    // the importers), and a dropped chunk must not be asked for at install.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const shell = new Set<string>(['/index.html']);
        const add = (fileName: string) => {
          if (shell.has(`/${fileName}`) || !(fileName in bundle)) return;
          shell.add(`/${fileName}`);
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk') return;
          for (const css of chunk.viteMetadata?.importedCss ?? []) shell.add(`/${css}`);
          for (const imported of chunk.imports) add(imported);
        };
        for (const output of Object.values(bundle)) {
          // The guest app's entry (index.html; staff.html is the staff app's, never cached here).
          if (output.type === 'chunk' && output.isEntry && output.facadeModuleId?.endsWith('/index.html'))
            add(output.fileName);
          if (output.type === 'chunk' && SHELL_MODULES.some((module) => output.facadeModuleId?.endsWith(module)))
            add(output.fileName);
          if (
            output.type === 'asset' &&
            /\.woff2$/.test(output.fileName) &&
            /inter-(cyrillic|latin)-(400|600)-normal/.test(output.fileName)
          )
            shell.add(`/${output.fileName}`);
        }
        const list = [...shell].sort();
        const version = createHash('sha256').update(list.join('\n')).digest('hex').slice(0, 16);
        // Every file the build writes under assets/: what the assets cache may keep once this version runs.
        const assets = Object.keys(bundle)
          .filter((fileName) => fileName.startsWith('assets/'))
          .map((fileName) => `/${fileName}`)
          .sort();
        const source = readFileSync(SOURCE, 'utf8')
          .replace("'__VERSION__'", JSON.stringify(version))
          .replace('__SHELL__', JSON.stringify(list))
          .replace('__BUILD_ASSETS__', JSON.stringify(assets));
        this.emitFile({ type: 'asset', fileName: 'sw.js', source });
      },
    },
  };
}
