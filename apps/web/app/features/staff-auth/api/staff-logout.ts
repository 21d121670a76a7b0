import { CALLS } from '@taxfirm/contract';
import { staffApi } from '../staff-api.ts';

export function staffLogout() {
  return staffApi(CALLS.logout, {});
}
