import { MESSAGES, type ErrorCode } from '@taxfirm/contract';
import { vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import type * as ApiClientModule from '../lib/api-client.ts';

/**
 * The app's `api` (lib/api-client.ts) as a component test stands it in: a mock the test answers and reads, while
 * the rest of the module (ApiError, errorMessage…) stays real. Import `api` from here before anything that loads
 * the app's code (this file's `vi.mock` must run first), and reset it before each test.
 */
const mocked = vi.hoisted(() => ({ api: vi.fn() }));
export const api = mocked.api;

vi.mock('../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  api: mocked.api,
}));

/**
 * The error a call throws when the server refuses fields of a form: `details` gives each field its message.
 * By default the refusal of a request that breaks its schema (400 VALIDATION_FAILED); `refusal` names another
 * (409 EMAIL_IN_USE with its own message).
 */
export function fieldRefusal(
  details: Record<string, string>,
  refusal: { message: string; status: number; code: ErrorCode } = {
    message: MESSAGES.INVALID_REQUEST,
    status: 400,
    code: 'VALIDATION_FAILED',
  },
): ApiError {
  return new ApiError(refusal.message, { status: refusal.status, code: refusal.code, details });
}
