import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { formatMoney, type AccountYear } from '@taxfirm/contract';
import { IconDownload, IconFileZip, IconLock } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { IconLink } from '../../../components/ui/icon-link.tsx';
import { PlainList } from '../../../components/ui/plain-list.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useClientStepUp } from '../../../components/ui/client-step-up.ts';
import { isStepUpRequired } from '../../../components/ui/step-up-dialog.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { LINKS_MAX_AGE_MS, renewWhenOld } from '../../../lib/short-lived-links.ts';
import { getYearReturnLink, getYearZipLink, useYear } from '../api/years.ts';

/** A section's list, or what it says when the year has nothing of the kind. */
function ListOr({ empty, children }: { empty: string; children: ReactNode[] }) {
  return children.length === 0 ? <Text c="gray.8">{empty}</Text> : <PlainList gap="xs">{children}</PlainList>;
}

/** Open a short-lived link: the file is sent as a download, so the page stays. */
const download = (url: string) => window.location.assign(url);

/**
 * Downloads that need a fresh step-up (the filed return, the whole year): the dialog asks for the password or
 * a code when the server wants one, then the link is asked for again and opened.
 */
function useStepUpDownload() {
  const { withStepUp, dialog } = useClientStepUp();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const run = async (key: string, link: () => Promise<{ url: string }>) => {
    setBusy(key);
    setError(null);
    try {
      download((await withStepUp(link)).url);
    } catch (caught) {
      // Cancelling the step-up is no error to show.
      if (!isStepUpRequired(caught)) setError(caught);
    } finally {
      setBusy(null);
    }
  };
  return { run, busy, error, dialog };
}

/**
 * One tax year in the vault (issue 38): its status, the summaries published for it, the signed documents with
 * the filed return, what else was filed, invoices and receipts, uploads and the checklist, and "Download this
 * year". A closed year is read-only: nothing here changes anything.
 */
export function YearView({ taxYear }: { taxYear: number }) {
  const year = useYear(taxYear);
  const { run, busy, error, dialog } = useStepUpDownload();
  if (year.isPending) {
    return (
      <Group gap="xs">
        <Loader size="sm" aria-hidden />
        <Text>Loading your {taxYear} tax year…</Text>
      </Group>
    );
  }
  if (year.error) return <ApiErrorAlert error={year.error} />;
  const data: AccountYear = year.data;
  const renew = renewWhenOld(year, LINKS_MAX_AGE_MS);
  const files = data.uploads.flatMap((category) =>
    category.files.map((file) => ({ ...file, label: category.label })),
  );
  return (
    <Stack gap="lg" onPointerEnter={renew} onFocusCapture={renew}>
      {dialog}
      <Group gap="sm" wrap="wrap">
        <Text>
          Status:{' '}
          <Badge color="navy.7" variant="filled" component="span">
            {data.status}
          </Badge>
        </Text>
        <Button
          leftSection={<IconFileZip size={18} aria-hidden />}
          loading={busy === 'zip'}
          onClick={() => void run('zip', () => getYearZipLink(data.tax_year))}
        >
          Download this year
        </Button>
      </Group>
      {data.read_only && (
        <Alert color="gray" icon={<IconLock size={18} aria-hidden />} title="A closed year">
          This tax year is closed: you can view and download everything here, but nothing can be changed.
        </Alert>
      )}
      {error ? <ApiErrorAlert error={error} /> : null}

      <SectionCard headingId="year-summaries" title="Tax summaries">
        <ListOr empty="No tax summary was published for this year.">
          {data.summaries.map((summary) => (
            <li key={summary.summary_id}>
              <Group gap="sm" wrap="wrap">
                <Text>
                  {summary.title}{' '}
                  <Text span c="gray.8">
                    ({summary.status_label})
                  </Text>
                </Text>
                {summary.held_until_paid ? (
                  <Text c="gray.8">Available once paid.</Text>
                ) : (
                  <IconLink icon={IconDownload} href={summary.url} aria-label={`Download ${summary.title}`}>
                    Download
                  </IconLink>
                )}
              </Group>
            </li>
          ))}
        </ListOr>
      </SectionCard>

      <SectionCard headingId="year-signed" title="Your filed return and signed documents">
        <ListOr empty="Nothing was signed for this year.">
          {data.signed.map((doc) => (
            <li key={doc.document_id}>
              <Stack gap={4}>
                <Text fw={600}>{doc.title}</Text>
                <Text fz="sm" c="gray.8">
                  {doc.kind_label}
                  {doc.signed_at ? `, signed ${formatDate(doc.signed_at)}` : ''}
                </Text>
                {/* No link for a household delegate: a signed form carries identity numbers in full. */}
                {doc.signed_url && (
                  <Group gap="md" wrap="wrap">
                    <IconLink
                      icon={IconDownload}
                      href={doc.signed_url}
                      aria-label={`Download signed ${doc.title}`}
                    >
                      Download signed copy
                    </IconLink>
                    {doc.has_return && (
                      <Button
                        variant="outline"
                        size="compact-sm"
                        leftSection={<IconDownload size={14} aria-hidden />}
                        loading={busy === doc.document_id}
                        aria-label={`Download the filed return of ${doc.title}`}
                        onClick={() => void run(doc.document_id, () => getYearReturnLink(doc.document_id))}
                      >
                        Download the filed return
                      </Button>
                    )}
                  </Group>
                )}
              </Stack>
            </li>
          ))}
        </ListOr>
      </SectionCard>

      {data.deliverables.length > 0 && (
        <SectionCard headingId="year-filed" title="Also filed this year">
          <ListOr empty="">
            {data.deliverables.map((item, index) => (
              <li key={`${item.kind_label}-${index}`}>
                <Text>
                  {item.kind_label}: {item.status_label}
                </Text>
              </li>
            ))}
          </ListOr>
        </SectionCard>
      )}

      <SectionCard headingId="year-invoices" title="Invoices and receipts">
        <ListOr empty="No invoice for this year.">
          {data.invoices.map((invoice) => (
            <li key={invoice.id}>
              <Stack gap={4}>
                <Group gap="sm" wrap="wrap">
                  <Text fw={600}>Invoice {invoice.number}</Text>
                  <Text>
                    {formatMoney(invoice.total, invoice.currency)}
                    {invoice.balance > 0
                      ? `, ${formatMoney(invoice.balance, invoice.currency)} due`
                      : ', paid'}
                  </Text>
                  <IconLink
                    icon={IconDownload}
                    href={invoice.pdf_url}
                    aria-label={`Download invoice ${invoice.number}`}
                  >
                    Invoice PDF
                  </IconLink>
                </Group>
                {invoice.payments.map((payment) => (
                  <IconLink
                    key={payment.order_id}
                    icon={IconDownload}
                    href={payment.receipt_url}
                    aria-label={`Download the receipt of ${formatMoney(payment.amount, invoice.currency)} paid ${formatDate(payment.paid_at)}`}
                  >
                    Receipt: {formatMoney(payment.amount, invoice.currency)}, {formatDate(payment.paid_at)}
                  </IconLink>
                ))}
              </Stack>
            </li>
          ))}
        </ListOr>
      </SectionCard>

      <SectionCard headingId="year-checklist" title="Checklist">
        <ListOr empty="There was no checklist for this year.">
          {data.checklist.map((item) => (
            <li key={item.item_id}>
              <Stack gap={2}>
                <Text>
                  {item.title}{' '}
                  <Text span c="gray.8">
                    ({item.status_label})
                  </Text>
                </Text>
                {item.files.map((file) => (
                  <IconLink
                    key={file.document_id}
                    icon={IconDownload}
                    href={file.download_url}
                    aria-label={`Download ${file.name}`}
                  >
                    {file.name}
                  </IconLink>
                ))}
              </Stack>
            </li>
          ))}
        </ListOr>
      </SectionCard>

      <SectionCard headingId="year-uploads" title="Your uploads">
        <ListOr empty="You uploaded nothing for this year.">
          {files.map((file) => (
            <li key={file.document_id}>
              <Group gap="sm" wrap="wrap">
                <Text>
                  {file.label}: {file.name}
                </Text>
                <IconLink icon={IconDownload} href={file.download_url} aria-label={`Download ${file.name}`}>
                  Download
                </IconLink>
              </Group>
            </li>
          ))}
        </ListOr>
      </SectionCard>
    </Stack>
  );
}
