import {
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  FILE_STATUSES,
  phoneWithDialCode,
  staffFileNumberBodySchema,
  staffStatusBodySchema,
  type FileStatus,
  type StaffClient,
  type StaffRole,
} from '@taxfirm/contract';
import { useState, type FormEventHandler, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ContactForm } from './contact-form.tsx';
import { NotesSection } from './notes-section.tsx';
import { PaymentsSection } from './payments-section.tsx';
import { DocumentsSection } from './documents-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { SummariesSection } from './summaries-section.tsx';
import { TriageView } from './triage-view.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { DetailList } from '../../../components/ui/detail-list.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useStaffMembers } from '../../../lib/staff-members.ts';
import { useAssignAnalyst } from '../api/assign-analyst.ts';
import { useChangeStatus } from '../api/change-status.ts';
import { useStaffProfile } from '../api/get-staff-profile.ts';
import { useClientFile } from '../api/get-client-file.ts';
import { useMarkVerified } from '../api/mark-verified.ts';
import { useSendResetLink } from '../api/send-reset-link.ts';
import { useSetFileNumber } from '../api/set-file-number.ts';
import { useSuggestFileNumber } from '../api/suggest-file-number.ts';
import { SimpleTable } from '../../../components/ui/table-head.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { StatusBadge } from '../../../components/ui/list-cells.tsx';
import { UsOnlyBadge } from './us-only-badge.tsx';
import { ConsentRecordSection } from './consent-record.tsx';
import { useConfirm, type ConfirmOptions } from '../../../components/ui/confirm-dialog.tsx';

type Viewer = { userId: string; role: StaffRole };

/**
 * What the file page hands the checklist it shows above the documents. The route composes the two (features
 * do not import each other): `checklist={(slot) => <ChecklistSection {...slot} />}`.
 */
export type ChecklistSlot = {
  clientId: string;
  taxYear: number;
  clientName: string;
  /** The profile's dependents, once loaded (null until then, or when it cannot be read). */
  dependents: { id: string; name: string }[] | null;
  /** Moves the file to a status through this page's status change (history, the usual e-mail). */
  onMoveStatus: (status: string) => Promise<string>;
};

/** What the file page hands the conversation it shows under the status and analyst (composed by the route). */
export type MessagesSlot = { clientId: string; clientName: string };

/**
 * What the file page hands the documents to sign (composed by the route): the year, the file's status now, and
 * the page's status change (history, the usual e-mail) for "Move to Pre E-Filing Pending".
 */
export type SignaturesSlot = {
  clientId: string;
  clientName: string;
  taxYear: number;
  fileStatus: FileStatus;
  onMoveStatus: (status: FileStatus, comment: string) => Promise<string>;
};

/** What the file page hands the invoices of the file's tax year (composed by the route). */
export type InvoicesSlot = { clientId: string; clientName: string; taxYear: number; role: StaffRole };

/** The console's page for one client: the account, the file's status, number and analyst, and its history. */
export function ClientFile({
  clientId,
  viewer,
  checklist,
  messages,
  signatures,
  invoices,
}: {
  clientId: string;
  viewer: Viewer;
  checklist?: (slot: ChecklistSlot) => ReactNode;
  messages?: (slot: MessagesSlot) => ReactNode;
  signatures?: (slot: SignaturesSlot) => ReactNode;
  invoices?: (slot: InvoicesSlot) => ReactNode;
}) {
  const file = useClientFile(clientId);
  if (file.isPending) return <Loader aria-label="Loading the client's file" />;
  if (file.error) {
    return (
      <Stack gap="sm" align="flex-start">
        <ApiErrorAlert error={file.error} />
        <Anchor component={Link} to={paths.staff.home.getHref()} underline="always">
          Back to the work queues
        </Anchor>
      </Stack>
    );
  }
  const { client, filing, history, notes, payments, referrals } = file.data;
  const header = (
    <>
      <Anchor component={Link} to={paths.staff.home.getHref()} underline="always" fz="sm">
        ← Work queues
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <PageHeader
          title={
            <>
              {client.first_name} {client.last_name}
            </>
          }
          description={
            <>
              File number <strong>{client.file_number ?? 'not assigned'}</strong> · tax year {filing.tax_year}
            </>
          }
        />
        <Group gap="xs">
          <UsOnlyBadge state={file.data.consents.offshore_state} size="lg" />
          <StatusBadge size="lg">{filing.status}</StatusBadge>
        </Group>
      </Group>
    </>
  );
  // An unassigned file in To Be Assigned, for an analyst: the triage view, until they take it.
  if (file.data.access === 'triage') {
    return (
      <Stack gap="lg">
        {header}
        <TriageView client={client} filing={filing} viewerId={viewer.userId} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {header}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard headingId="account-heading" title="Account">
          <DetailList
            layout="table"
            items={[
              { label: 'Email', value: client.email },
              {
                label: 'Phone',
                value: client.phone_ext ? phoneWithDialCode(client.phone, client.phone_ext) : client.phone,
              },
              { label: 'Verified', value: client.verified ? 'Yes' : 'Not yet' },
              { label: 'Analyst', value: filing.assigned_to?.name ?? 'Not assigned' },
            ]}
          />
          <AccountActions
            clientId={clientId}
            verified={client.verified}
            email={client.email}
            name={`${client.first_name} ${client.last_name}`}
          />
          {viewer.role === 'admin' && <ContactForm key={`${client.email}|${client.phone}`} client={client} />}
        </SectionCard>
        <FileNumberForm clientId={clientId} current={client.file_number} />
      </SimpleGrid>
      <ConsentRecordSection consents={file.data.consents} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <StatusForm
          clientId={clientId}
          current={filing.status}
          clientName={`${client.first_name} ${client.last_name}`}
          taxYear={filing.tax_year}
        />
        <AnalystForm clientId={clientId} filing={filing} viewer={viewer} />
      </SimpleGrid>
      {messages?.({ clientId, clientName: `${client.first_name} ${client.last_name}` })}
      {signatures && (
        <SignaturesHost
          clientId={clientId}
          clientName={`${client.first_name} ${client.last_name}`}
          taxYear={filing.tax_year}
          fileStatus={filing.status}
          render={signatures}
        />
      )}
      {invoices?.({
        clientId,
        clientName: `${client.first_name} ${client.last_name}`,
        taxYear: filing.tax_year,
        role: viewer.role,
      })}
      <ProfileSection clientId={clientId} />
      {checklist && (
        <ChecklistHost
          clientId={clientId}
          taxYear={filing.tax_year}
          clientName={`${client.first_name} ${client.last_name}`}
          render={checklist}
        />
      )}
      <DocumentsSection clientId={clientId} />
      <SummariesSection clientId={clientId} clientName={`${client.first_name} ${client.last_name}`} />
      <PaymentsSection payments={viewer.role === 'admin' ? payments : null} referrals={referrals} />
      <NotesSection clientId={clientId} notes={notes} />
      <History history={history} />
      {viewer.role === 'admin' && (
        <Anchor component={Link} to={paths.staff.audit.getHref(clientId)} underline="always" fz="sm">
          Audit log of this client
        </Anchor>
      )}
    </Stack>
  );
}

/** The checklist slot's data: the profile's dependents and the status change the status form uses. */
function ChecklistHost({
  clientId,
  taxYear,
  clientName,
  render,
}: Omit<ChecklistSlot, 'dependents' | 'onMoveStatus'> & { render: (slot: ChecklistSlot) => ReactNode }) {
  const profile = useStaffProfile(clientId);
  const change = useChangeStatus();
  const dependents =
    profile.data?.dinfo.map((d) => ({ id: d.id, name: `${d.first_name} ${d.last_name}`.trim() })) ?? null;
  const onMoveStatus = async (status: string) => {
    // The server names next_status from the same list; anything else is a bug, not a user error.
    if (!isFileStatus(status)) throw new Error(`Not a file status: ${status}`);
    const answer = await change.mutateAsync({
      client_id: clientId,
      taxy: taxYear,
      status,
      comment: 'Documents complete: every required checklist item is accepted.',
    });
    return answer.status_smessage;
  };
  return render({ clientId, taxYear, clientName, dependents, onMoveStatus });
}

/** The signatures slot's status change: the same call as the status form, with the section's comment. */
function SignaturesHost({
  render,
  ...slot
}: Omit<SignaturesSlot, 'onMoveStatus'> & { render: (slot: SignaturesSlot) => ReactNode }) {
  const change = useChangeStatus();
  const onMoveStatus = async (status: FileStatus, comment: string) => {
    const answer = await change.mutateAsync({
      client_id: slot.clientId,
      taxy: slot.taxYear,
      status,
      comment,
    });
    return answer.status_smessage;
  };
  return render({ ...slot, onMoveStatus });
}

const isFileStatus = (status: string): status is FileStatus =>
  (FILE_STATUSES as readonly string[]).includes(status);

/** A reset link e-mailed to the client, and verification by the firm; each asked first. */
function AccountActions({
  clientId,
  verified,
  email,
  name,
}: {
  clientId: string;
  verified: boolean;
  email: string;
  name: string;
}) {
  const reset = useSendResetLink();
  const verify = useMarkVerified();
  const success = useSubmitMessage();
  const { confirm, dialog } = useConfirm();
  const act = async (ask: ConfirmOptions, run: () => Promise<{ status_smessage: string }>) => {
    if (!(await confirm(ask))) return;
    success.clear();
    const answer = await run().catch(() => null);
    if (answer) success.show(answer.status_smessage);
  };
  return (
    <Stack gap="xs" mt="md">
      <Group gap="xs">
        {[
          {
            text: 'Send password-reset link',
            action: reset,
            shown: true,
            ask: {
              title: `Send a password-reset link to ${email}?`,
              message: `${name} is e-mailed a link to set a new password; it works once, within 24 hours. The current password keeps working until the link is used.`,
              confirmLabel: 'Send reset link',
            },
          },
          {
            text: 'Mark e-mail verified',
            action: verify,
            shown: !verified,
            ask: {
              title: `Mark ${email} as verified?`,
              message: `${name} can log in without the link from the verification e-mail. This cannot be undone.`,
              confirmLabel: 'Mark verified',
            },
          },
        ]
          .filter(({ shown }) => shown)
          .map(({ text, action, ask }) => (
            <Button
              key={text}
              variant="default"
              size="compact-sm"
              loading={action.isPending}
              onClick={() => void act(ask, () => action.mutateAsync(clientId))}
            >
              {text}
            </Button>
          ))}
      </Group>
      <SuccessAlert message={success.message} />
      <ApiErrorAlert error={reset.error ?? verify.error} />
      {dialog}
    </Stack>
  );
}

/** A card that is one form, named by its h2. */
function FormCard({
  headingId,
  title,
  onSubmit,
  children,
}: {
  headingId: string;
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <form noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
        <Stack gap="sm">
          <Title order={2} id={headingId} fz="lg">
            {title}
          </Title>
          {children}
        </Stack>
      </form>
    </Card>
  );
}

/** Statuses that close the year's work and tell the client so: asked first. */
const CLOSING_STATUSES: readonly FileStatus[] = ['E-Filing Complete', 'Filing Docs Sent', 'Cancel Filing'];

function StatusForm({
  clientId,
  current,
  clientName,
  taxYear,
}: {
  clientId: string;
  current: FileStatus;
  clientName: string;
  taxYear: number;
}) {
  const change = useChangeStatus();
  const success = useSubmitMessage();
  const { confirm, dialog } = useConfirm();
  const form = useContractForm(staffStatusBodySchema, {
    defaultValues: { client_id: clientId, status: current, comment: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    if (
      CLOSING_STATUSES.includes(values.status) &&
      !(await confirm({
        title: `Move ${clientName}'s ${taxYear} file to ${values.status}?`,
        message: `${clientName} is e-mailed the ${values.status} message at once and sees the new status in the portal. The e-mail cannot be taken back, even if you change the status again.`,
        confirmLabel: `Move to ${values.status}`,
        destructive: values.status === 'Cancel Filing',
      }))
    ) {
      return;
    }
    success.clear();
    try {
      const answer = await change.mutateAsync(values);
      form.reset({ client_id: clientId, status: values.status, comment: '' });
      success.show(answer.status_smessage);
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });
  return (
    <FormCard headingId="status-heading" title="Change status" onSubmit={onSubmit}>
      <NativeSelect
        label="New status"
        data={[...FILE_STATUSES]}
        {...form.register('status')}
        error={errors.status?.message}
      />
      <Textarea
        label="Comment"
        description="Why, for the file's history. The client is e-mailed the new status, not this comment."
        withAsterisk
        autosize
        minRows={2}
        {...form.register('comment')}
        error={errors.comment?.message}
      />
      <SuccessAlert message={success.message} />
      <ApiErrorAlert error={alertError(change.error)} />
      <Button type="submit" loading={change.isPending} loaderProps={{ 'aria-label': 'Saving' }}>
        Change status
      </Button>
      {dialog}
    </FormCard>
  );
}

function FileNumberForm({ clientId, current }: { clientId: string; current: string | null }) {
  const save = useSetFileNumber();
  const suggest = useSuggestFileNumber();
  const success = useSubmitMessage();
  const onSuggest = async () => {
    success.clear();
    const answer = await suggest.mutateAsync(clientId).catch(() => null);
    if (answer) form.setValue('file_number', answer.file_number, { shouldDirty: true, shouldValidate: true });
  };
  const form = useContractForm(staffFileNumberBodySchema, {
    defaultValues: { client_id: clientId, file_number: current ?? '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    success.clear();
    try {
      success.show((await save.mutateAsync(values)).status_smessage);
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });
  return (
    <FormCard headingId="number-heading" title="File number" onSubmit={onSubmit}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <FormTextField form={form} name="file_number" label="File number" withAsterisk style={{ flex: 1 }} />
        <Button
          variant="default"
          onClick={() => void onSuggest()}
          loading={suggest.isPending}
          loaderProps={{ 'aria-label': 'Finding the next number' }}
          aria-describedby="suggest-hint"
        >
          Suggest
        </Button>
      </Group>
      <Text id="suggest-hint" fz="xs" c="gray.8">
        Suggest fills in the next unused number in the firm&apos;s format; save it to keep it.
      </Text>
      <SuccessAlert message={success.message} />
      <ApiErrorAlert error={alertError(save.error) ?? suggest.error} />
      <Button type="submit" loading={save.isPending} loaderProps={{ 'aria-label': 'Saving' }}>
        Save file number
      </Button>
    </FormCard>
  );
}

function AnalystForm({
  clientId,
  filing,
  viewer,
}: {
  clientId: string;
  filing: StaffClient['filing'];
  viewer: Viewer;
}) {
  const assign = useAssignAnalyst();
  const members = useStaffMembers();
  const [choice, setChoice] = useState(filing.assigned_to?.user_id ?? '');
  const success = useSubmitMessage();
  const submit = async (analystId: string | null) => {
    success.clear();
    const answer = await assign.mutateAsync({ client_id: clientId, analyst_id: analystId }).catch(() => null);
    if (answer) success.show(answer.status_smessage);
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="analyst-heading">
      <Stack gap="sm">
        <Title order={2} id="analyst-heading" fz="lg">
          Analyst
        </Title>
        {viewer.role === 'admin' ? (
          <>
            <NativeSelect
              label="Assigned analyst"
              value={choice}
              onChange={(event) => setChoice(event.currentTarget.value)}
              data={[
                { value: '', label: 'Not assigned' },
                ...(members.data?.staff ?? []).map((m) => ({
                  value: m.user_id,
                  label: `${m.name} (${m.role})`,
                })),
              ]}
            />
            <Button onClick={() => void submit(choice || null)} loading={assign.isPending}>
              Assign
            </Button>
          </>
        ) : filing.assigned_to?.user_id === viewer.userId ? (
          <Text>This file is assigned to you.</Text>
        ) : (
          <Button onClick={() => void submit(viewer.userId)} loading={assign.isPending}>
            Take this file
          </Button>
        )}
        <SuccessAlert message={success.message} />
        <ApiErrorAlert error={assign.error} />
      </Stack>
    </Card>
  );
}

function History({ history }: { history: StaffClient['history'] }) {
  return (
    <section aria-labelledby="history-heading">
      <Title order={2} id="history-heading" fz="lg" mb="sm">
        Status history
      </Title>
      <SimpleTable
        columns={['When', 'From', 'To', 'Comment', 'By']}
        minWidth={640}
        scrollLabel="Status history"
        striped
        withTableBorder
      >
        {[...history].reverse().map((entry) => (
          <Table.Tr key={`${entry.at}-${entry.to_status}`}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</Table.Td>
            <Table.Td>{entry.from_status ?? '—'}</Table.Td>
            <Table.Td>{entry.to_status}</Table.Td>
            <Table.Td>{entry.comment ?? '—'}</Table.Td>
            <Table.Td>{entry.by ?? 'System'}</Table.Td>
          </Table.Tr>
        ))}
      </SimpleTable>
    </section>
  );
}
