import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { FILE_STATUSES, type FileStatus } from '@taxfirm/contract';
import { useState } from 'react';
import { QuerySectionCard } from '../../../components/ui/query-section-card.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { useStaffSignatures } from '../api/signatures.ts';
import { RequestSignatureForm } from './request-signature-form.tsx';
import { DocumentCard } from './signature-document-card.tsx';

/** The id of the section, for links inside the page. */
export const SIGNATURES_SECTION_ID = 'signatures';

/** The status a file moves to once every signature on its Form 8879 is in. */
export const EFILE_READY_STATUS: FileStatus = 'Pre E-Filing Pending';
export const EFILE_READY_COMMENT = 'Form 8879 signed by every signer';

/** The file has not yet reached Pre E-Filing Pending (the list's order; a cancelled file is past it). */
export const isBeforeEfileReady = (status: FileStatus) =>
  FILE_STATUSES.indexOf(status) < FILE_STATUSES.indexOf(EFILE_READY_STATUS);

export type SignaturesSectionProps = {
  clientId: string;
  clientName: string;
  taxYear: number;
  /** The file's status now (the Pre E-Filing button shows only before it is there). */
  fileStatus: FileStatus;
  /** Moves the file through the page's status change (history, the client's e-mail); answers its message. */
  onMoveStatus: (status: FileStatus, comment: string) => Promise<string>;
  /** Opened on the file's Signatures tab: scroll here and put the focus on it. */
  focusOnOpen?: boolean;
  /** A document a link into the file names (`?focus=`): it takes the focus instead of the section. */
  focusId?: string | undefined;
};

/**
 * The file's documents to sign (the file's Signatures tab): each with its status, who signed when and how they were
 * verified, when they opened it, the unsigned and signed PDFs with the signed file's SHA-256, and Void; then
 * "Request a signature". Once every signature on the year's Form 8879 is in, one click moves the file to Pre
 * E-Filing Pending (with the client's e-mail, through the page's status change).
 */
export function SignaturesSection({
  clientId,
  clientName,
  taxYear,
  fileStatus,
  onMoveStatus,
  focusOnOpen = false,
  focusId,
}: SignaturesSectionProps) {
  const list = useStaffSignatures(clientId, taxYear);
  const success = useSubmitMessage();
  const [moving, setMoving] = useState(false);
  const [moveError, setMoveError] = useState<unknown>(null);
  const moveToPreEfiling = async () => {
    success.clear();
    setMoveError(null);
    setMoving(true);
    try {
      success.show(await onMoveStatus(EFILE_READY_STATUS, EFILE_READY_COMMENT));
    } catch (error) {
      setMoveError(error);
    } finally {
      setMoving(false);
    }
  };

  const data = list.data;
  const named = data?.documents.some((d) => d.document_id === focusId) ?? false;
  return (
    <QuerySectionCard
      headingId="signatures-heading"
      title={<>Signatures · {taxYear}</>}
      id={SIGNATURES_SECTION_ID}
      focusOnOpen={focusOnOpen && !named}
      query={list}
      loadingLabel="Loading the documents to sign"
    >
      {data && (
        <>
          {data.efile_ready && isBeforeEfileReady(fileStatus) && (
            <Group gap="sm" wrap="wrap">
              <Text fw={600}>Form 8879 is signed by every signer.</Text>
              <Button
                onClick={() => void moveToPreEfiling()}
                loading={moving}
                loaderProps={{ 'aria-label': 'Moving the file' }}
              >
                Move to {EFILE_READY_STATUS}
              </Button>
            </Group>
          )}
          <ApiErrorAlert error={moveError} />
          {data.documents.length === 0 ? (
            <Text>No documents to sign for {taxYear} yet.</Text>
          ) : (
            <Stack
              component="ul"
              gap="sm"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Documents to sign"
            >
              {data.documents.map((document) => (
                <DocumentCard
                  key={document.document_id}
                  document={document}
                  report={success.show}
                  focused={document.document_id === focusId}
                />
              ))}
            </Stack>
          )}
          <SuccessAlert message={success.message} />
          <Card withBorder radius="md" padding="md" bg="gray.0">
            <RequestSignatureForm
              key={`${clientId}-${taxYear}`}
              clientId={clientId}
              taxYear={taxYear}
              spouse={data.spouse}
              onCreated={success.show}
            />
          </Card>
          <Text fz="xs" c="gray.8">
            {clientName} is e-mailed when a document is ready to sign; the spouse gets a link of their own.
          </Text>
        </>
      )}
    </QuerySectionCard>
  );
}
