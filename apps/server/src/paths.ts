import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';

/**
 * The server package's folder (apps/server), the one home of paths read at run time. This file
 * runs from src/ (tsx, tests) or bundled into dist/ (`npm run build`, decision 056): one level
 * below the package either way, so `..` is the package whichever runs. The build keeps every
 * output file directly in dist/ for that reason.
 */
export const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The repository root, for defaults that point at files of the product. */
export const REPO_ROOT = resolve(SERVER_ROOT, '../..');
/** The SQL migrations, read at start-up (never compiled: the build reads them from here). */
export const MIGRATIONS_DIR = join(SERVER_ROOT, 'src/db/migrations');
/** The demo chain's catalogue (DEMO_DATA=1). */
export const DEMO_CATALOGUE_PATH = join(SERVER_ROOT, 'src/seed/demo-catalogue.json');
/** The demo chain's pictures, served under /media/. */
export const MEDIA_DIR = join(SERVER_ROOT, 'media');
/** The server package's manifest (its version). */
export const PACKAGE_JSON = join(SERVER_ROOT, 'package.json');
