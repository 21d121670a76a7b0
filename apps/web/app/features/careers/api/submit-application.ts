import { CALLS, RESUME_FIELD, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

type Application = { body: CallBody<typeof CALLS.careersSubmit>; resume: File | null };

/** Send a job application; the résumé, when there is one, travels in the same multipart request. */
export function submitApplication({ body, resume }: Application) {
  return api(CALLS.careersSubmit, body, { [RESUME_FIELD]: resume });
}

export function useSubmitApplication() {
  return useMutation({ mutationFn: submitApplication });
}
