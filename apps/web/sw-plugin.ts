import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SOURCE = fileURLToPath(new URL('./sw/service-worker.js', import.meta.url));

/**
 * Writes `sw.js` into the build (issue 18, decision 031): the service worker of sw/service-worker.js
 * with this build's version and shell — index.html, the guest entry's own scripts and styles and
 * what they import statically, and the fonts. Lazy screens are cached when first opened.
 */
export function serviceWorkerPlugin(): Plugin {
  return {
    name: 'chain-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const shell = new Set<string>(['/index.html']);
      const add = (fileName: string) => {
        if (shell.has(`/${fileName}`)) return;
        shell.add(`/${fileName}`);
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk') return;
        for (const css of chunk.viteMetadata?.importedCss ?? []) shell.add(`/${css}`);
        for (const imported of chunk.imports) add(imported);
      };
      for (const output of Object.values(bundle)) {
        // The guest app's entry (index.html; staff.html is the staff app's, never cached here).
        if (output.type === 'chunk' && output.isEntry && output.facadeModuleId?.endsWith('/index.html')) add(output.fileName);
        if (output.type === 'asset' && /\.woff2$/.test(output.fileName) && /inter-(cyrillic|latin)-(400|600)-normal/.test(output.fileName)) shell.add(`/${output.fileName}`);
      }
      const list = [...shell].sort();
      const version = createHash('sha256').update(list.join('\n')).digest('hex').slice(0, 16);
      const source = readFileSync(SOURCE, 'utf8').replace("'__VERSION__'", JSON.stringify(version)).replace('__SHELL__', JSON.stringify(list));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
