import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startProduct } from '../../tools/product-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** Starts the product as `npm start` does (built app, demo data, sandbox) on a free port and a fresh data folder. */
export default async function setup(project: TestProject) {
  if (!existsSync(join(REPO, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm run test:e2e does).');
  }
  const product = await startProduct({
    dataPrefix: 'chain-e2e-',
    // TRUST_PROXY: the test runner on loopback is the one proxy in front, so the guests it signs
    // in through the API come from the addresses it forwards for them (support/api.ts).
    env: { TRUST_PROXY: '127.0.0.1' },
  });
  project.provide('baseUrl', product.baseUrl);

  return product.stop;
}
