import type { RevealSsnBody } from '@taxfirm/contract';
import { IdentityNumber } from '../../../components/ui/identity-number.tsx';
import { useRevealSsn } from '../api/reveal-ssn.ts';
import { stepUp } from '../api/step-up.ts';

/** The client's own stored SSN/ITIN, masked (***-**-1234), with Show (each reveal is audited). */
export function SsnValue({ masked, which, owner }: { masked: string; which: RevealSsnBody; owner: string }) {
  // Hiding forgets the number: the mutation's own copy of the answer too.
  const { mutateAsync, reset } = useRevealSsn();
  return (
    <IdentityNumber
      masked={masked}
      owner={owner}
      verb="Show"
      reveal={async () => (await mutateAsync(which)).ssn}
      onHide={reset}
      stepUp={stepUp}
    />
  );
}
