import { Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useConsents } from '../api/consents.ts';

/**
 * Sends the client to the consents screen while an answer is needed (the terms never recorded, or the §7216
 * question unanswered or expired): asked once, at the next visit to the dashboard after sign-in.
 */
export function ConsentGate() {
  const consents = useConsents();
  return consents.data?.needs_answer ? <Navigate to={paths.user.consents.getHref()} replace /> : null;
}
