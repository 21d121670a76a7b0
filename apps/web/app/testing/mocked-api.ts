import { vi } from 'vitest';

/**
 * The `api` of lib/api-client.ts in every web test: setup.ts replaces it with this mock, which calls the real
 * `api` until a test answers it itself. This file imports nothing of the app, so the mock's factory can load it
 * while lib/api-client.ts is being loaded. Tests import it through testing/api-mock.ts.
 */
export const api = vi.fn();
