import {
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  FILE_STATUSES,
  MESSAGES,
  SIGNATURE_DOCUMENT_KIND_LABELS,
  type FileStatus,
  type SignatureDocumentStatus,
  type SignerSummary,
  type StaffSignatureDocument,
} from '@taxfirm/contract';
import { useEffect, useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import {
  useReopenSignature,
  useResendSpouseLink,
  useRevokeSpouseLink,
  useStaffSignatures,
  useVoidSignature,
} from '../api/signatures.ts';
import { RequestSignatureForm } from './request-signature-form.tsx';

/** The id of the section, for links inside the page (`?tab=signatures`). */
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
  /** Opened from a link to the signatures (`?tab=signatures`): scroll here and put the focus on it. */
  focusOnOpen?: boolean;
};

const STATUS_LABELS: Record<SignatureDocumentStatus, string> = {
  pending: 'Pending',
  signed: 'Signed',
  paper: 'Paper',
  void: 'Void',
};
/** Filled or outlined with dark text: light badges fail contrast. */
const STATUS_STYLES: Record<
  SignatureDocumentStatus,
  { variant: 'filled' | 'outline'; color: string; c: string }
> = {
  pending: { variant: 'outline', color: 'orange.9', c: 'dark.9' },
  signed: { variant: 'outline', color: 'green.9', c: 'dark.9' },
  paper: { variant: 'outline', color: 'navy', c: 'navy.9' },
  void: { variant: 'outline', color: 'gray.7', c: 'dark.9' },
};

const ROLE_LABELS: Record<SignerSummary['role'], string> = { taxpayer: 'Taxpayer', spouse: 'Spouse' };

/** "11-26-2026 10:14 AM CST": the day and time in the reader's zone, named (staff work from two countries). */
export function zonedDateTime(iso: string): string {
  const time = new Date(iso).toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return `${formatDate(iso)} ${time}`;
}

/** "Priya signed 11-26-2026 10:14 AM CST · Arjun pending". */
export function staffSignersLine(signers: readonly SignerSummary[]): string {
  return signers
    .map((s) => {
      const name = s.name.trim() || ROLE_LABELS[s.role];
      return s.signed_at ? `${name} signed ${zonedDateTime(s.signed_at)}` : `${name} pending`;
    })
    .join(' · ');
}

/**
 * The file's documents to sign (`?tab=signatures`): each with its status, who signed when and how they were
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
}: SignaturesSectionProps) {
  const list = useStaffSignatures(clientId, taxYear);
  const success = useSubmitMessage();
  const [moving, setMoving] = useState(false);
  const [moveError, setMoveError] = useState<unknown>(null);
  const loaded = list.data !== undefined;
  useEffect(() => {
    if (!focusOnOpen || !loaded) return;
    const section = document.getElementById(SIGNATURES_SECTION_ID);
    section?.scrollIntoView?.({ block: 'start' });
    section?.focus({ preventScroll: true });
  }, [focusOnOpen, loaded]);

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
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="signatures-heading"
      id={SIGNATURES_SECTION_ID}
      tabIndex={-1}
      style={{ scrollMarginTop: 16 }}
      onPointerEnter={list.renewIfOld}
      onFocusCapture={list.renewIfOld}
    >
      <Stack gap="md">
        <Title order={2} id="signatures-heading" fz="lg">
          Signatures · {taxYear}
        </Title>
        {list.isPending && <Loader aria-label="Loading the documents to sign" />}
        <ApiErrorAlert error={list.error} />
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
                  <DocumentCard key={document.document_id} document={document} report={success.show} />
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
      </Stack>
    </Card>
  );
}

function DocumentCard({
  document,
  report,
}: {
  document: StaffSignatureDocument;
  report: (message: string) => void;
}) {
  const style = STATUS_STYLES[document.status];
  const headingId = `signature-${document.document_id}`;
  return (
    <Card component="li" withBorder radius="md" padding="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Title order={3} fz="md" id={headingId}>
              {document.title}
            </Title>
            <Text fz="sm" c="gray.8">
              {SIGNATURE_DOCUMENT_KIND_LABELS[document.kind]} · sent {formatDateTime(document.created_at)}
              {document.created_by ? ` by ${document.created_by}` : ''}
            </Text>
          </div>
          <Badge variant={style.variant} color={style.color} c={style.c} size="lg" radius="sm">
            {STATUS_LABELS[document.status]}
          </Badge>
        </Group>
        <Text fz="sm" fw={600}>
          {staffSignersLine(document.signers)}
        </Text>
        <Stack component="ul" gap={2} pl="md" m={0} aria-label={`Signers of ${document.title}`}>
          {document.signers.map((signer) => (
            <Text component="li" fz="sm" key={signer.role}>
              {ROLE_LABELS[signer.role]}: {signer.name} ({signer.email}) · opened{' '}
              {signer.opened_at ? formatDateTime(signer.opened_at) : 'not yet'}
              {document.has_return &&
                ` · return opened ${signer.return_opened_at ? formatDateTime(signer.return_opened_at) : 'not yet'}`}
              {signer.verification ? ` · verified by ${signer.verification}` : ''}
            </Text>
          ))}
        </Stack>
        {document.status === 'void' && document.void_reason && (
          <Text fz="sm">Withdrawn: {document.void_reason}</Text>
        )}
        {document.status === 'pending' && document.reminders_sent > 0 && (
          <Text fz="sm" c="gray.8">
            Reminders sent: {document.reminders_sent}
            {document.last_reminded_at ? `, last ${formatDateTime(document.last_reminded_at)}` : ''}
          </Text>
        )}
        <Group gap="md" wrap="wrap">
          <Anchor href={document.document_url} target="_blank" rel="noopener" underline="always" fz="sm">
            Unsigned PDF
          </Anchor>
          {document.return_url && (
            <Anchor href={document.return_url} target="_blank" rel="noopener" underline="always" fz="sm">
              Full return
            </Anchor>
          )}
          {document.signed_url && (
            <Anchor href={document.signed_url} underline="always" fz="sm" fw={600}>
              Signed PDF
            </Anchor>
          )}
        </Group>
        {document.signed_sha256 && (
          <Group gap="xs" wrap="wrap" align="center">
            <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
              Signed SHA-256:{' '}
              <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{document.signed_sha256}</Code>
            </Text>
            <CopyButton value={document.signed_sha256}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  size="compact-xs"
                  onClick={copy}
                  aria-label={copied ? 'Copied' : `Copy the SHA-256 of ${document.title}`}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        )}
        <LinkAndLockActions document={document} report={report} />
        {document.status === 'pending' && <VoidButton document={document} report={report} />}
      </Stack>
    </Card>
  );
}

const SPOUSE_LINK_LABELS: Record<NonNullable<StaffSignatureDocument['spouse_link']>, string> = {
  active: 'working',
  revoked: 'revoked',
  ended: 'ended',
};

/**
 * Security review 2: a document locked after too many wrong codes (Reopen), and the spouse's link (Revoke,
 * Send a new link). Each asks first.
 */
function LinkAndLockActions({
  document,
  report,
}: {
  document: StaffSignatureDocument;
  report: (message: string) => void;
}) {
  const { confirm, dialog } = useConfirm();
  const reopen = useReopenSignature();
  const revoke = useRevokeSpouseLink();
  const resend = useResendSpouseLink();
  const [error, setError] = useState<unknown>(null);
  const spouse = document.signers.find((s) => s.role === 'spouse');
  const spouseName = spouse?.name.trim() || 'the spouse';
  const run = async (action: () => Promise<{ status_smessage: string }>) => {
    setError(null);
    try {
      report((await action()).status_smessage);
    } catch (failure) {
      setError(failure);
    }
  };
  const onReopen = async () => {
    const ok = await confirm({
      title: `Reopen ${document.title} for signing?`,
      message:
        'Someone entered too many wrong codes. Reopen only once you have spoken to the signer: the wrong-code count starts again and they must ask for a new code.',
      confirmLabel: 'Reopen for signing',
    });
    if (ok) await run(() => reopen.mutateAsync(document.document_id));
  };
  const onRevoke = async () => {
    const ok = await confirm({
      title: `Revoke ${spouseName}'s signing link?`,
      message: `The link e-mailed to ${spouse?.email ?? 'the spouse'} stops working at once. You can send a new one.`,
      confirmLabel: 'Revoke link',
      destructive: true,
    });
    if (ok) await run(() => revoke.mutateAsync(document.document_id));
  };
  const onResend = async () => {
    const ok = await confirm({
      title: `Send ${spouseName} a new signing link?`,
      message: `A new link is e-mailed to ${spouse?.email ?? 'the spouse'}; the old link stops working at once.`,
      confirmLabel: 'Send new link',
    });
    if (ok) await run(() => resend.mutateAsync(document.document_id));
  };
  const canResend = document.status === 'pending' && spouse !== undefined && spouse.signed_at === null;
  const canRevoke = document.spouse_link === 'active';
  if (!document.locked && !canResend && !canRevoke && !document.spouse_link) return null;
  return (
    <Stack gap="xs">
      {document.locked && (
        <Group gap="sm" wrap="wrap">
          <Badge variant="outline" color="red.9" c="dark.9" size="lg" radius="sm">
            Locked after too many wrong codes
          </Badge>
          <Button
            size="compact-sm"
            onClick={() => void onReopen()}
            loading={reopen.isPending}
            loaderProps={{ 'aria-label': 'Reopening' }}
            aria-label={`Reopen ${document.title} for signing`}
          >
            Reopen
          </Button>
        </Group>
      )}
      {document.spouse_link && (
        <Group gap="sm" wrap="wrap">
          <Text fz="sm">Spouse&apos;s link: {SPOUSE_LINK_LABELS[document.spouse_link]}</Text>
          {canRevoke && (
            <Button
              variant="default"
              size="compact-sm"
              onClick={() => void onRevoke()}
              loading={revoke.isPending}
              loaderProps={{ 'aria-label': 'Revoking' }}
              aria-label={`Revoke the spouse's link for ${document.title}`}
            >
              Revoke link
            </Button>
          )}
          {canResend && (
            <Button
              variant="default"
              size="compact-sm"
              onClick={() => void onResend()}
              loading={resend.isPending}
              loaderProps={{ 'aria-label': 'Sending' }}
              aria-label={`Send the spouse a new link for ${document.title}`}
            >
              Send new link
            </Button>
          )}
        </Group>
      )}
      <ApiErrorAlert error={error} />
      {dialog}
    </Stack>
  );
}

/** Void: a dialog asks why (kept with the document, which is never deleted). */
function VoidButton({
  document,
  report,
}: {
  document: StaffSignatureDocument;
  report: (message: string) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const withdraw = useVoidSignature();
  const close = () => {
    setOpened(false);
    setReason('');
    setError(null);
    withdraw.reset();
  };
  const submit = async () => {
    if (!reason.trim()) {
      setError(MESSAGES.SIGNATURE_VOID_REASON_REQUIRED);
      return;
    }
    const answer = await withdraw
      .mutateAsync({ document_id: document.document_id, reason: reason.trim() })
      .catch(() => null);
    if (answer) {
      close();
      report(answer.status_smessage || MESSAGES.SIGNATURE_VOIDED);
    }
  };
  return (
    <>
      <Button
        variant="default"
        color="red"
        size="compact-sm"
        w="fit-content"
        onClick={() => setOpened(true)}
        aria-label={`Void ${document.title}`}
      >
        Void
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={`Void ${document.title}?`}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
        // Mantine draws the dialog's header as <header>, which would be a second banner landmark on the page.
        attributes={{ header: { role: 'none' } }}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            event.stopPropagation();
            void submit();
          }}
        >
          <Stack gap="sm">
            <Text fz="sm">
              The signers can no longer sign it. It is kept with your reason; a correction is a new document.
            </Text>
            <Textarea
              label="Reason"
              withAsterisk
              autosize
              minRows={2}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={error ?? undefined}
              data-autofocus
            />
            <ApiErrorAlert error={withdraw.error} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button
                type="submit"
                color="red.9"
                loading={withdraw.isPending}
                loaderProps={{ 'aria-label': 'Voiding' }}
              >
                Void document
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
