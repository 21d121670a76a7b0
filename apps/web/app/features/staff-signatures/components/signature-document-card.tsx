import { Anchor, Badge, Button, Code, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { SIGNATURE_DOCUMENT_KIND_LABELS, type StaffSignatureDocument } from '@taxfirm/contract';
import { ListItemCard } from '../../../components/ui/list-item-card.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { LinkAndLockActions, VoidButton } from './signature-staff-actions.tsx';
import { ROLE_LABELS, STATUS_LABELS, STATUS_STYLES, staffSignersLine } from './signature-labels.ts';

/**
 * One document in the staff list: its status, who signed when and how they were verified, when they opened
 * it, the unsigned and signed PDFs with the signed file's SHA-256, and its actions.
 */
export function DocumentCard({
  document,
  report,
  focused = false,
}: {
  document: StaffSignatureDocument;
  report: (message: string) => void;
  /** The document a link into the file names (`?focus=`). */
  focused?: boolean;
}) {
  const style = STATUS_STYLES[document.status];
  const headingId = `signature-${document.document_id}`;
  return (
    <ListItemCard labelledBy={headingId} focused={focused}>
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
    </ListItemCard>
  );
}
