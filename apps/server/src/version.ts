import { readFileSync } from 'node:fs';
import { PACKAGE_JSON } from './paths';

export const SERVER_VERSION: string = (JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version: string }).version;
