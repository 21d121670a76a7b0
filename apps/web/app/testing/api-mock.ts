import { vi } from 'vitest';
import type * as ApiClientModule from '../lib/api-client.ts';

/**
 * The app's `api` (lib/api-client.ts) as a component test stands it in: a mock the test answers and reads, while
 * the rest of the module (ApiError, errorMessage…) stays real. Import `api` from here before anything that loads
 * the app's code (this file's `vi.mock` must run first), and reset it before each test.
 */
export const api = vi.fn();

vi.mock('../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  api,
}));
