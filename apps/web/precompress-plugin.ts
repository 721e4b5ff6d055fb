import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing ahead: text the browser fetches from /assets/. */
const COMPRESSIBLE = /^assets\/.+\.(js|css|svg|json)$/;

/**
 * Writes a gzip (level 9) and a Brotli (quality 11) copy beside each script, style sheet and
 * picture of the build (issue 18). The server sends the copy the browser accepts as it is, so
 * guests get the smallest form and the server never compresses a file twice; gzip at level 9 is
 * also the figure the entry's budget (scripts/check-budget.mjs) measures.
 */
export function precompressPlugin(): Plugin {
  return {
    name: 'chain-precompress',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (!COMPRESSIBLE.test(output.fileName)) continue;
          const source = output.type === 'chunk' ? Buffer.from(output.code) : Buffer.from(output.source);
          this.emitFile({ type: 'asset', fileName: `${output.fileName}.gz`, source: gzipSync(source, { level: 9 }) });
          this.emitFile({
            type: 'asset',
            fileName: `${output.fileName}.br`,
            source: brotliCompressSync(source, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
            }),
          });
        }
      },
    },
  };
}
