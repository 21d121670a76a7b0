import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@taxfirm/contract';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useClientStepUp } from '../../../components/ui/client-step-up.ts';
import { paths } from '../../../config/paths.ts';
import {
  openSignatureDocument,
  sendSignatureCode,
  useSignatures,
  useSignDocument,
} from '../api/signatures.ts';
import { mySigner, othersPending, signersLine } from './signer-state.ts';
import { SigningSteps } from './signing-steps.tsx';

/**
 * /user/sign/:documentId: one document, signed in three steps. Sending the code and signing ask for a fresh
 * password or authenticator step first when the server wants one (the step-up dialog), then go on.
 */
export function SignDocumentPage({ documentId }: { documentId: string }) {
  const list = useSignatures();
  const sign = useSignDocument();
  const { withStepUp, dialog } = useClientStepUp();
  // Signing here reads the list again: the steps stay on screen to say "Signed. Thank you."
  const [signedHere, setSignedHere] = useState(false);
  const { refetch } = list;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const back = (
    <Anchor component={Link} to={paths.user.sign.getHref()} underline="always" fz="sm">
      ← All documents to sign
    </Anchor>
  );

  if (list.error && !list.data) {
    return (
      <Stack gap="lg">
        {back}
        <ApiErrorAlert error={list.error} />
      </Stack>
    );
  }
  if (!list.data) return <Loader role="status" aria-label="Loading the document" />;
  const document = list.data.documents.find((d) => d.document_id === documentId);
  if (!document) {
    return (
      <Stack gap="lg">
        {back}
        <PageHeader title="Sign" />
        <Text role="alert">{MESSAGES.SIGNATURE_NOT_FOUND}</Text>
      </Stack>
    );
  }
  const me = mySigner(document);
  const description = `Tax year ${document.tax_year}. ${signersLine(document.signers)}.`;
  if (!signedHere && (!me || document.status !== 'pending' || me.signed_at)) {
    const reason = !me
      ? MESSAGES.SIGNATURE_NOT_YOURS
      : me.signed_at
        ? MESSAGES.SIGNATURE_ALREADY_SIGNED
        : MESSAGES.SIGNATURE_NOT_PENDING;
    return (
      <Stack gap="lg">
        {back}
        <PageHeader title={document.title} description={description} />
        <Text>{reason}</Text>
        {document.signed_url && (
          <Anchor href={document.signed_url} underline="always" fw={600}>
            Download signed PDF
          </Anchor>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {back}
      <PageHeader title={document.title} description={description} />
      <SigningSteps
        flow={{
          title: document.title,
          hasReturn: document.has_return,
          opened: me?.opened_at != null,
          returnOpened: me?.return_opened_at != null,
          open: (part) => openSignatureDocument({ document_id: documentId, part }),
          locked: document.locked,
          refresh,
          sendCode: () => withStepUp(() => sendSignatureCode(documentId)),
          sign: async (fields) => {
            const answer = await withStepUp(() => sign.mutateAsync({ document_id: documentId, ...fields }));
            setSignedHere(true);
            return answer;
          },
          waitingFor: othersPending(document),
        }}
      />
      {dialog}
    </Stack>
  );
}
