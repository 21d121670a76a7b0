import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@taxfirm/contract';
import { useCallback, useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import {
  openSpouseDocument,
  sendSpouseCode,
  signAsSpouse,
  useSpouseSignature,
} from '../api/spouse-signature.ts';
import { SigningSteps } from './signing-steps.tsx';

/**
 * /sign/:token (inside the public page's frame, which holds the h1): the spouse signs from the e-mailed link,
 * without an account. The link is the identity; the code e-mailed to the spouse's address comes first and
 * opens the document (security review 2, S2-05). Once signed, the link offers only the signed file, for a few
 * days. An invalid, ended or locked link shows the server's words.
 */
export function SpouseSignPage({ token }: { token: string }) {
  const link = useSpouseSignature(token);
  const { refetch } = link;
  // Once signed here, the steps stay on screen to say "Signed. Thank you." (a later read says signed).
  const [signedHere, setSignedHere] = useState(false);
  const refresh = useCallback(() => void refetch(), [refetch]);
  if (link.error) {
    return <ApiErrorAlert error={link.error} />;
  }
  const data = link.data;
  if (!data) return <Loader role="status" aria-label="Loading the document to sign" />;
  const header = (
    <div>
      <Text fw={700} fz="xl">
        {data.title}
      </Text>
      <Text c="gray.8">
        {data.firm_name} asks {data.signer_name} to sign this document for tax year {data.tax_year}.
      </Text>
    </div>
  );
  if (!signedHere && (data.signed_at || data.status !== 'pending')) {
    return (
      <Stack gap="lg">
        {header}
        <Text>
          {data.signed_at
            ? `${MESSAGES.SIGNATURE_ALREADY_SIGNED} (${formatDateTime(data.signed_at)})`
            : MESSAGES.SIGNATURE_NOT_PENDING}
        </Text>
        {data.signed_url && (
          <Anchor href={data.signed_url} underline="always" fw={600}>
            Download signed PDF
          </Anchor>
        )}
        {data.signed_at && data.link_ends_at && (
          <Text fz="sm" c="gray.8">
            This link works until {formatDateTime(data.link_ends_at)}; after that, ask the firm for a copy.
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {header}
      <SigningSteps
        flow={{
          title: data.title,
          hasReturn: data.has_return,
          opened: data.opened,
          returnOpened: data.return_opened,
          open: (part, code) => openSpouseDocument({ token, part, code }),
          codeFirst: true,
          locked: data.locked,
          refresh,
          sendCode: () => sendSpouseCode(token),
          sign: async (fields) => {
            const answer = await signAsSpouse({ token, ...fields });
            setSignedHere(true);
            return answer;
          },
          waitingFor: null,
        }}
      />
    </Stack>
  );
}
