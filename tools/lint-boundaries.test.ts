// The lint probes: every import-direction rule of docs/architecture.md fed an import that breaks
// it, through the workspace's own eslint.config.js, must fail; the imports the layers rely on
// must pass. The imports name real files, so the rules see them resolved as the build does.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;

// Type information is not needed for import rules, and the probe files do not exist on disk.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [tseslint.configs.disableTypeChecked],
  ruleFilter: ({ ruleId }) => ruleId.startsWith('import-x/'),
});

async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parser'}: ${message.message}`);
}

const DOMAIN = 'packages/domain imports nothing but its own files.';
const CONTRACT = 'The contract never depends on the apps.';
const SERVER = 'The server does not import the web app.';
const WEB = 'The web app talks to the server only over HTTP.';
const UI = 'ui is the bottom layer: it imports neither features nor app.';
const BELOW = 'api and state sit below features and app.';
const FEATURE = 'A feature does not import another feature.';
const FEATURE_APP = 'Features do not import the app layer.';
const NODE = 'Do not import Node.js builtin module';
const MODULE = 'A module imports another module only through its index.ts (its surface)';
const OUTSIDE = 'Outside the modules, a module is imported only through its index.ts (its surface).';

const violations: [file: string, code: string, message: string][] = [
  ['packages/domain/src/probe.ts', "import { x } from '@chain/contract';", DOMAIN],
  ['packages/domain/src/probe.ts', "import { x } from '../../contract/src/common';", DOMAIN],
  ['packages/domain/src/probe.ts', "import { z } from 'zod/mini';", DOMAIN],
  ['packages/domain/src/probe.ts', "import { createHash } from 'node:crypto';", NODE],
  ['packages/contract/src/probe.ts', "import { x } from '../../../apps/server/src/config';", CONTRACT],
  ['packages/contract/src/probe.ts', "import { x } from '@chain/web/src/api/client';", CONTRACT],
  ['packages/contract/src/probe.ts', "import { readFileSync } from 'node:fs';", NODE],
  ['apps/server/src/modules/menu/probe.ts', "import { x } from '../../../../web/src/api/client';", SERVER],
  ['apps/server/src/modules/menu/probe.ts', "import { x } from '@chain/web/src/api/client';", SERVER],
  ['apps/web/src/api/probe.ts', "import { x } from '../../../server/src/config';", WEB],
  ['apps/web/src/features/menu/probe.ts', "import type { x } from '../../../../server/src/config';", WEB],
  ['apps/web/src/features/menu/probe.ts', "import { x } from '@chain/server/src/config';", WEB],
  ['apps/web/src/ui/probe.ts', "export const load = () => import('../../../server/src/config');", WEB],
  ['apps/web/src/api/probe.ts', "import { readFileSync } from 'node:fs';", NODE],
  ['apps/web/src/state/probe.ts', "import { readFileSync } from 'node:fs';", NODE],
  ['apps/web/src/state/probe.ts', "import { readFileSync } from 'fs';", NODE],
  ['apps/web/src/features/menu/probe.ts', "import { join } from 'node:path';", NODE],
  ['apps/web/src/ui/probe.ts', "import { x } from '../features/auth/auth-page';", UI],
  ['apps/web/src/ui/probe.ts', "import { x } from '../app/routes';", UI],
  ['apps/web/src/api/probe.ts', "import { x } from '../features/auth/auth-page';", BELOW],
  ['apps/web/src/state/probe.ts', "import { x } from '../app/routes';", BELOW],
  ['apps/web/src/features/menu/probe.ts', "import { x } from '../../features/auth/auth-page';", FEATURE],
  ['apps/web/src/features/menu/probe.ts', "import { x } from '../auth/auth-page';", FEATURE],
  ['apps/web/src/features/menu/deeper/probe.ts', "import { x } from '../../auth/auth-page';", FEATURE],
  ['apps/web/src/features/menu/probe.ts', "export { x } from '../auth/auth-page';", FEATURE],
  ['apps/web/src/features/menu/probe.ts', "export const load = () => import('../auth/auth-page');", FEATURE],
  ['apps/web/src/features/menu/probe.ts', "import { x } from '../../app/routes';", FEATURE_APP],
  ['apps/server/src/modules/menu/probe.ts', "import { x } from '../auth/service';", MODULE],
  ['apps/server/src/modules/menu/probe.ts', "import type { x } from '../staff/access';", MODULE],
  ['apps/server/src/modules/staff-team/probe.ts', "import { x } from '../staff/repository';", MODULE],
  [
    'apps/server/src/modules/payments/repository/probe.ts',
    "import { x } from '../../order-events/repository';",
    MODULE,
  ],
  ['apps/server/src/modules/menu/probe.ts', "export { x } from '../orders/catalogue';", MODULE],
  ['apps/server/src/modules/menu/probe.ts', "export const load = () => import('../staff/demo');", MODULE],
  ['apps/server/src/app.ts', "import { x } from './modules/menu/routes';", OUTSIDE],
  ['apps/server/src/http/probe.ts', "import { x } from '../modules/auth/sessions';", OUTSIDE],
  ['apps/server/src/sandbox/probe.ts', "import { x } from '../modules/order-history/status';", OUTSIDE],
];

const allowed: [file: string, code: string][] = [
  ['packages/domain/src/probe.ts', "import { x } from './units';"],
  ['packages/contract/src/probe.ts', "import { x } from '@chain/domain';\nimport { z } from 'zod/mini';"],
  [
    'apps/server/src/modules/menu/probe.ts',
    "import { x } from '@chain/contract';\nimport { y } from '../auth';\nimport { createHash } from 'node:crypto';",
  ],
  [
    'apps/server/src/modules/menu/probe.ts',
    "import { x } from './service';\nimport { y } from '../staff/index';\nimport { z } from '../../http/route';",
  ],
  [
    'apps/server/src/modules/payments/repository/probe.ts',
    "import { x } from '../closing';\nimport { y } from '../../order-events';",
  ],
  ['apps/server/src/app.ts', "import { x } from './modules/menu';\nimport { y } from './http/route';"],
  // Tests may reach into a module's files (decided in docs/architecture.md «Modules»).
  ['apps/server/src/modules/staff-board/probe.test.ts', "import { x } from '../order-history/status';"],
  ['apps/server/src/seed/probe.test.ts', "import { x } from '../modules/pages/text';"],
  ['apps/server/test/probe.test.ts', "import { x } from '../src/modules/payments/closing';"],
  ['apps/web/src/ui/probe.ts', "import { x } from '../api/table-code';\nimport { y } from './button';"],
  ['apps/web/src/api/probe.ts', "import { x } from '../state/store';\nimport { y } from '@chain/contract';"],
  [
    'apps/web/src/features/menu/probe.ts',
    "import { x } from './menu-page';\nimport { y } from '../../ui/button';\nimport { z } from '../../api/client';\nimport { w } from '../../state/store';\nimport { v } from '@chain/domain';",
  ],
  ['apps/web/src/app/probe.ts', "export const load = () => import('../features/menu/menu-page');"],
];

describe('import boundaries', () => {
  it.each(violations)('%s: %s fails', async (file, code, message) => {
    const errors = await importErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each(allowed)('%s: %s passes', async (file, code) => {
    expect(await importErrors(file, code)).toEqual([]);
  });
});
