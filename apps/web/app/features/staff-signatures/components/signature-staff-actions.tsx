import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { MESSAGES, type StaffSignatureDocument } from '@taxfirm/contract';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { ReasonDialog } from '../../../components/ui/reason-dialog.tsx';
import {
  useReopenSignature,
  useResendSpouseLink,
  useRevokeSpouseLink,
  useVoidSignature,
} from '../api/signatures.ts';

const SPOUSE_LINK_LABELS: Record<NonNullable<StaffSignatureDocument['spouse_link']>, string> = {
  active: 'working',
  revoked: 'revoked',
  ended: 'ended',
};

/**
 * Security review 2: a document locked after too many wrong codes (Reopen), and the spouse's link (Revoke,
 * Send a new link). Each asks first.
 */
export function LinkAndLockActions({
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
export function VoidButton({
  document,
  report,
}: {
  document: StaffSignatureDocument;
  report: (message: string) => void;
}) {
  const withdraw = useVoidSignature();
  return (
    <ReasonDialog
      trigger={{ label: 'Void', name: `Void ${document.title}`, w: 'fit-content' }}
      title={`Void ${document.title}?`}
      intro="The signers can no longer sign it. It is kept with your reason; a correction is a new document."
      submitLabel="Void document"
      pendingLabel="Voiding"
      pending={withdraw.isPending}
      error={withdraw.error}
      check={({ reason }): Record<string, string> =>
        reason.trim() ? {} : { reason: MESSAGES.SIGNATURE_VOID_REASON_REQUIRED }
      }
      onSubmit={async ({ reason }) => {
        const answer = await withdraw
          .mutateAsync({ document_id: document.document_id, reason: reason.trim() })
          .catch(() => null);
        if (answer) report(answer.status_smessage || MESSAGES.SIGNATURE_VOIDED);
        return answer !== null;
      }}
      onClosed={() => withdraw.reset()}
    />
  );
}
