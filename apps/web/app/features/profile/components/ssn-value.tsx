import { Text } from '@mantine/core';
import type { RevealSsnBody } from '@taxfirm/contract';
import { use } from 'react';
import { clientStepUp, useClientStepUpAlternatives } from '../../../components/ui/client-step-up.ts';
import { IdentityNumber } from '../../../components/ui/identity-number.tsx';
import { useRevealSsn } from '../api/reveal-ssn.ts';
import { ProfileRightsContext } from './profile-rights.ts';

/** The client's own stored SSN/ITIN, masked (***-**-1234), with Show (each reveal is audited). */
export function SsnValue({ masked, which, owner }: { masked: string; which: RevealSsnBody; owner: string }) {
  // Hiding forgets the number: the mutation's own copy of the answer too.
  const { mutateAsync, reset } = useRevealSsn();
  const alternatives = useClientStepUpAlternatives();
  // A household delegate sees the masked number only (issue 38): no Show.
  if (!use(ProfileRightsContext).canReveal) return <Text span>{masked}</Text>;
  return (
    <IdentityNumber
      masked={masked}
      owner={owner}
      verb="Show"
      reveal={async () => (await mutateAsync(which)).ssn}
      onHide={reset}
      stepUp={clientStepUp}
      stepUpAlternatives={alternatives}
    />
  );
}
