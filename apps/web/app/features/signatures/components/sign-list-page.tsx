import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { MESSAGES, type SignatureDocument } from '@taxfirm/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/dates.ts';
import { renewWhenOld, LINKS_MAX_AGE_MS } from '../../../lib/short-lived-links.ts';
import { useOpenSignatureDocument, useSignatures, useSignOnPaper } from '../api/signatures.ts';
import { isMineToSign, signersLine } from './signer-state.ts';

const STATUS_LABELS: Record<SignatureDocument['status'], string> = {
  pending: 'Waiting for signatures',
  signed: 'Signed',
  paper: 'Signing on paper',
  void: 'Withdrawn',
};

/**
 * /user/sign: the documents waiting on the client's signature first ("Ready to sign"), then the rest (signed,
 * on paper, or waiting on the spouse), each with who has signed and, once signed, the signed PDF.
 */
export function SignListPage() {
  const list = useSignatures();
  const renew = renewWhenOld(list, LINKS_MAX_AGE_MS);
  const data = list.data;
  const toSign = data?.documents.filter(isMineToSign) ?? [];
  const others = data?.documents.filter((d) => !isMineToSign(d)) ?? [];
  return (
    <Stack gap="lg" onPointerEnter={renew} onFocusCapture={renew}>
      <PageHeader
        title="Sign"
        description="Documents from the firm to sign: your engagement letter and your e-file authorization (Form 8879)."
      />
      {list.error && !data ? (
        <ApiErrorAlert error={list.error} />
      ) : !data ? (
        <Loader role="status" aria-label="Loading your documents to sign" />
      ) : (
        <>
          <section aria-labelledby="to-sign-heading">
            <Title order={2} fz="lg" id="to-sign-heading" mb="sm">
              Ready to sign
            </Title>
            {toSign.length === 0 ? (
              <Text>Nothing is waiting for your signature.</Text>
            ) : (
              <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                {toSign.map((document) => (
                  <ToSignItem key={document.document_id} document={document} />
                ))}
              </Stack>
            )}
          </section>
          {others.length > 0 && (
            <section aria-labelledby="signed-heading">
              <Title order={2} fz="lg" id="signed-heading" mb="sm">
                Your documents
              </Title>
              <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                {others.map((document) => (
                  <DocumentItem key={document.document_id} document={document} />
                ))}
              </Stack>
            </section>
          )}
        </>
      )}
    </Stack>
  );
}

function DocumentHeading({ document }: { document: SignatureDocument }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <div>
        <Text fw={700}>{document.title}</Text>
        <Text fz="sm" c="gray.8">
          Tax year {document.tax_year} · sent {formatDate(document.created_at)}
        </Text>
      </div>
      <Group gap="xs">
        {document.locked && document.status === 'pending' && (
          <Badge variant="outline" color="red.9" c="dark.9" size="lg" radius="sm">
            Locked
          </Badge>
        )}
        <Badge variant="outline" color="navy" c="navy.9" size="lg" radius="sm">
          {STATUS_LABELS[document.status]}
        </Badge>
      </Group>
    </Group>
  );
}

/** A document waiting on the client: sign it, or print, sign and upload instead. */
function ToSignItem({ document }: { document: SignatureDocument }) {
  const navigate = useNavigate();
  const paper = useSignOnPaper();
  const { confirm, dialog } = useConfirm();
  // Paper replaces the electronic signatures: offered only while nobody has signed (the server says the same).
  const nobodySigned = document.signers.every((signer) => signer.signed_at === null);
  const onPaper = async () => {
    const confirmed = await confirm({
      title: `Sign ${document.title} on paper instead?`,
      message:
        'You print the document, sign it by hand, and upload a scan or photo of the signed pages on your checklist. You can no longer sign it here.',
      confirmLabel: 'Sign on paper',
    });
    if (!confirmed) return;
    const answer = await paper.mutateAsync(document.document_id).catch(() => null);
    if (answer) void navigate(paths.user.checklistItem.getHref(answer.item_id));
  };
  return (
    <Card component="li" withBorder radius="md" padding="md">
      <Stack gap="sm">
        <DocumentHeading document={document} />
        <Text fz="sm">{signersLine(document.signers)}</Text>
        {document.locked && (
          <Text fz="sm" fw={600} role="status">
            {MESSAGES.SIGNATURE_LOCKED}
          </Text>
        )}
        <Group gap="sm" wrap="wrap">
          <Button
            component={Link}
            to={paths.user.signDocument.getHref(document.document_id)}
            aria-label={`Sign now: ${document.title}`}
          >
            Sign now
          </Button>
          {nobodySigned && (
            <Button
              variant="default"
              onClick={() => void onPaper()}
              loading={paper.isPending}
              loaderProps={{ 'aria-label': 'Preparing the upload' }}
              aria-label={`Print, sign and upload instead: ${document.title}`}
            >
              Print, sign and upload instead
            </Button>
          )}
        </Group>
        <ApiErrorAlert error={paper.error} />
        {dialog}
      </Stack>
    </Card>
  );
}

function DocumentItem({ document }: { document: SignatureDocument }) {
  return (
    <Card component="li" withBorder radius="md" padding="md">
      <Stack gap="xs">
        <DocumentHeading document={document} />
        <Text fz="sm">{signersLine(document.signers)}</Text>
        {document.status === 'signed' && document.signed_url && (
          <Anchor href={document.signed_url} underline="always" fw={600}>
            Download signed PDF<VisuallyHidden component="span">: {document.title}</VisuallyHidden>
          </Anchor>
        )}
        {document.status === 'paper' && (
          <>
            <Text fz="sm">{MESSAGES.SIGNATURE_PAPER_STARTED}</Text>
            <PrintLink document={document} />
            {document.paper_item_id && (
              <Anchor
                component={Link}
                to={paths.user.checklistItem.getHref(document.paper_item_id)}
                underline="always"
              >
                Upload the signed pages on your checklist
              </Anchor>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

/** A document to sign on paper: its link, to print (asked for on demand, as links are short-lived). */
function PrintLink({ document }: { document: SignatureDocument }) {
  const [url, setUrl] = useState<string | null>(null);
  const open = useOpenSignatureDocument();
  const onOpen = async () => {
    const answer = await open
      .mutateAsync({ document_id: document.document_id, part: 'document' })
      .catch(() => null);
    if (!answer) return;
    setUrl(answer.url);
    window.open(answer.url, '_blank', 'noopener');
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="default"
        onClick={() => void onOpen()}
        loading={open.isPending}
        loaderProps={{ 'aria-label': 'Getting the link' }}
      >
        Open the document to print
      </Button>
      {url && (
        <Anchor href={url} target="_blank" rel="noopener" underline="always">
          Open {document.title} (PDF)
        </Anchor>
      )}
      <ApiErrorAlert error={open.error} />
    </Stack>
  );
}
