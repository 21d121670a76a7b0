import { MESSAGES, type ErrorCode } from '@taxfirm/contract';
import { ApiError } from '../lib/api-client.ts';

/**
 * The app's `api` (lib/api-client.ts) as a component test stands it in: a mock the test answers and reads, while
 * the rest of the module (ApiError, errorMessage…) stays real. setup.ts puts it in place for every web test and
 * sets it back, before each test, to calling the real `api` (so a test that stubs `fetch` reaches the network
 * layer through it); a test answers it with `api.mockImplementation` or resets it with `api.mockReset()`.
 */
export { api } from './mocked-api.ts';

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
