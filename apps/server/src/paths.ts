import { fileURLToPath } from 'node:url';

// This file runs from apps/server/src (tests, tsx) or apps/server/dist (the bundle): the same depth.
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../packages/db/migrations', import.meta.url));
export const WEB_BUILD_DIR = fileURLToPath(new URL('../../web/build', import.meta.url));
export const WEB_ROOT = fileURLToPath(new URL('../../web', import.meta.url));
