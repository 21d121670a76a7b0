import type { CallResponse, CALLS } from '@taxfirm/contract';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';

type ResetAnswer = CallResponse<typeof CALLS.forgotChecker>;

/** What the staff login reads from the navigation's state to go straight on to the second step. */
export type StaffSecondStepState = { step: 'mfa' | 'enrol'; mfa_token: string };

/**
 * Where a password set from a reset or invitation link leads (issue 38), once its message has shown: the
 * client's dashboard (signed in), the client's second step (shown in place: `mfaToken`), the staff console's
 * second step (the staff login, at its code or enrolment step), or home.
 */
export function useResetLanding() {
  const navigate = useNavigate();
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const next = useRef<() => void>(() => navigate(paths.home.getHref()));
  const land = (answer: ResetAnswer) => {
    if (answer.uinfo) {
      const href = answer.consent_required ? paths.user.consents.getHref() : paths.user.dashboard.getHref();
      next.current = () => navigate(href);
    } else if (answer.door === 'staff' && answer.mfa_token && answer.step) {
      const state: StaffSecondStepState = { step: answer.step, mfa_token: answer.mfa_token };
      next.current = () => navigate(paths.staff.login.getHref(), { state });
    } else if (answer.mfa_required && answer.mfa_token) {
      const token = answer.mfa_token;
      next.current = () => setMfaToken(token);
    }
  };
  return { land, next: () => next.current(), mfaToken };
}
