import { CALLS } from '@taxfirm/contract';
import { api } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/session.ts';

/** End the session on the server, then forget it here, whatever the server answered. */
export async function logout(): Promise<void> {
  try {
    await api(CALLS.logout, {});
  } finally {
    clearSession();
  }
}
