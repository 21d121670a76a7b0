import { Button, Checkbox, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  ADDED_DELIVERABLE_KINDS,
  DELIVERABLE_KIND_LABELS,
  DELIVERABLE_STATUSES,
  DELIVERABLE_STATUS_LABELS,
  EXTENDABLE_DELIVERABLE_KINDS,
  deliverableName,
  dueDateOf,
  type AddedDeliverableKind,
  type Deliverable,
  type DeliverableKind,
  type DeliverableStatus,
} from '@taxfirm/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { arrivedProps, useArrivalFocus } from '../../../components/ui/use-arrival-focus.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDay } from '../../../lib/dates.ts';
import { staffOptions, useStaffMembers } from '../../../lib/staff-members.ts';
import { useRemoveDeliverable, useSaveDeliverable, useStaffDeliverables } from '../api/deliverables.ts';

type Props = {
  clientId: string;
  clientName: string;
  taxYear: number;
  /** A deliverable a link into the file names (`?focus=`, My work's "due"): scrolled to and focused. */
  focusId?: string | undefined;
};

/** A deliverable's row, which takes the focus when a link into the file names it. */
function DeliverableRow({ focused, children }: { focused: boolean; children: ReactNode }) {
  const arrival = useArrivalFocus<HTMLTableRowElement>(focused);
  return (
    <Table.Tr ref={arrival} {...arrivedProps(focused)}>
      {children}
    </Table.Tr>
  );
}

/** What is being edited: a row of the list, or a new deliverable of a kind (with a suggested label). */
type Editing = { deliverable: Deliverable } | { add: AddedDeliverableKind; label: string | null };

/**
 * What the firm files for this tax year (issue 35): the federal return (the file itself: its status and
 * analyst) and the others, each with an owner, a status and a due date from the rule unless staff moved it.
 */
export function DeliverablesSection({ clientId, clientName, taxYear, focusId }: Props) {
  const query = useStaffDeliverables(clientId, taxYear);
  const remove = useRemoveDeliverable();
  const success = useSubmitMessage();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<Deliverable | null>(null);
  const confirmRemove = async () => {
    const target = removing;
    setRemoving(null);
    if (!target?.deliverable_id) return;
    success.clear();
    const answer = await remove
      .mutateAsync({ client_id: clientId, taxy: taxYear, deliverable_id: target.deliverable_id })
      .catch(() => null);
    if (answer) success.show(answer.status_smessage);
  };
  const data = query.data;
  return (
    <SectionCard headingId="deliverables-heading" title="Deliverables" gap="md">
      {query.isPending && <LoadingStatus>Loading the deliverables</LoadingStatus>}
      <ApiErrorAlert error={query.error ?? remove.error} />
      {data && (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label={`Deliverables of ${clientName}, tax year ${taxYear}`} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Deliverable</Table.Th>
                  <Table.Th>Owner</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Due</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.deliverables.map((d) => (
                  <DeliverableRow
                    key={d.deliverable_id ?? 'federal'}
                    focused={d.deliverable_id !== null && d.deliverable_id === focusId}
                  >
                    <Table.Td>{deliverableName(d)}</Table.Td>
                    <Table.Td>{d.owner?.name ?? 'Nobody yet'}</Table.Td>
                    <Table.Td>
                      {d.file_status ?? (d.status ? DELIVERABLE_STATUS_LABELS[d.status] : '')}
                    </Table.Td>
                    <Table.Td>
                      <DueCell deliverable={d} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Edit ${deliverableName(d)}`}
                          onClick={() => {
                            success.clear();
                            setEditing({ deliverable: d });
                          }}
                        >
                          Edit
                        </Button>
                        {d.deliverable_id && (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${deliverableName(d)}`}
                            onClick={() => setRemoving(d)}
                          >
                            Remove
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </DeliverableRow>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data.suggestions.length > 0 && (
            <Stack gap="xs" component="section" aria-labelledby="deliverables-suggested">
              <Text id="deliverables-suggested" fw={600}>
                Suggested by the profile
              </Text>
              {data.suggestions.map((s) => (
                <Group key={s.kind} gap="sm" wrap="wrap">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => {
                      success.clear();
                      setEditing({ add: s.kind, label: s.label });
                    }}
                  >
                    Add {deliverableName(s)}
                  </Button>
                  <Text fz="sm" c="dimmed">
                    {s.reason}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
          <Group>
            <Button
              variant="default"
              onClick={() => {
                success.clear();
                setEditing({ add: 'state', label: null });
              }}
            >
              Add a deliverable
            </Button>
          </Group>
        </>
      )}
      <SuccessAlert message={success.message} />
      {editing && (
        <DeliverableDialog
          key={'deliverable' in editing ? (editing.deliverable.deliverable_id ?? 'federal') : 'new'}
          clientId={clientId}
          taxYear={taxYear}
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            success.show(message);
          }}
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={`Remove ${removing ? deliverableName(removing) : ''} from ${clientName}'s file?`}
        message="Its owner, status and due date go with it. The removal is kept in the audit log."
        confirmLabel="Remove deliverable"
        destructive
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </SectionCard>
  );
}

/** The date in force, with what moved it: the extension, or staff's reason. */
function DueCell({ deliverable: d }: { deliverable: Deliverable }) {
  if (!d.due_on) return <Text fz="sm">No date</Text>;
  return (
    <Stack gap={0}>
      <Text fz="sm">{formatDay(d.due_on)}</Text>
      {d.extended && (
        <Text fz="xs" c="dimmed">
          Extended
        </Text>
      )}
      {d.due_reason && (
        <Text fz="xs" c="dimmed">
          Moved: {d.due_reason}
        </Text>
      )}
    </Stack>
  );
}

/** Add a deliverable, or change one; the federal return takes only its extension and due date. */
function DeliverableDialog({
  clientId,
  taxYear,
  editing,
  onClose,
  onSaved,
}: {
  clientId: string;
  taxYear: number;
  editing: Editing;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const existing = 'deliverable' in editing ? editing.deliverable : null;
  const save = useSaveDeliverable();
  const members = useStaffMembers();
  const [kind, setKind] = useState<DeliverableKind>(
    existing?.kind ?? ('add' in editing ? editing.add : 'state'),
  );
  const [label, setLabel] = useState(existing?.label ?? ('add' in editing ? (editing.label ?? '') : ''));
  const [ownerId, setOwnerId] = useState(existing?.owner?.user_id ?? '');
  const [status, setStatus] = useState<DeliverableStatus>(existing?.status ?? 'not_started');
  const [extended, setExtended] = useState(existing?.extended ?? false);
  const [dueOn, setDueOn] = useState(existing?.due_reason ? (existing.due_on ?? '') : '');
  const [reason, setReason] = useState(existing?.due_reason ?? '');
  const federal = kind === 'federal';
  const rule = dueDateOf(kind, taxYear, { extended });
  const errors = save.error instanceof ApiError ? save.error.details : {};
  const title = existing ? `Edit ${deliverableName(existing)}` : 'Add a deliverable';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await save
      .mutateAsync({
        client_id: clientId,
        taxy: taxYear,
        kind,
        ...(existing?.deliverable_id ? { deliverable_id: existing.deliverable_id } : {}),
        ...(federal ? {} : { status }),
        // The owner only when it changes: an owner the row already has is not checked again.
        ...(!federal && (ownerId || null) !== (existing?.owner?.user_id ?? null)
          ? { owner_id: ownerId || null }
          : {}),
        ...(kind === 'state' || kind === 'other' ? { label } : {}),
        ...(EXTENDABLE_DELIVERABLE_KINDS.includes(kind) ? { extended } : {}),
        due_on: dueOn || null,
        ...(dueOn ? { due_reason: reason } : {}),
      })
      .catch(() => null);
    if (answer) onSaved(answer.status_smessage);
  };

  return (
    <Dialog opened onClose={onClose} title={title}>
      <form onSubmit={(event) => void submit(event)} aria-label={title} noValidate>
        <Stack gap="sm">
          {!existing && (
            <NativeSelect
              label="What the firm files"
              value={kind}
              onChange={(event) => setKind(event.currentTarget.value as AddedDeliverableKind)}
              data={ADDED_DELIVERABLE_KINDS.map((k) => ({ value: k, label: DELIVERABLE_KIND_LABELS[k] }))}
              error={errors['kind']}
            />
          )}
          {(kind === 'state' || kind === 'other') && (
            <TextInput
              label={kind === 'state' ? 'State' : 'What is filed'}
              value={label}
              onChange={(event) => setLabel(event.currentTarget.value)}
              maxLength={80}
              required={!existing}
              error={errors['label']}
            />
          )}
          {!federal && (
            <>
              <NativeSelect
                label="Owner"
                value={ownerId}
                onChange={(event) => setOwnerId(event.currentTarget.value)}
                data={staffOptions(members.data, 'Nobody yet')}
                error={errors['owner_id']}
              />
              <NativeSelect
                label="Status"
                value={status}
                onChange={(event) => setStatus(event.currentTarget.value as DeliverableStatus)}
                data={DELIVERABLE_STATUSES.map((s) => ({ value: s, label: DELIVERABLE_STATUS_LABELS[s] }))}
                error={errors['status']}
              />
            </>
          )}
          {EXTENDABLE_DELIVERABLE_KINDS.includes(kind) && (
            <Checkbox
              label={
                kind === 'fbar'
                  ? 'Extension recorded (automatic for the FBAR: no form is filed)'
                  : 'Extension recorded (Form 4868 filed)'
              }
              checked={extended}
              onChange={(event) => setExtended(event.currentTarget.checked)}
              error={errors['extended']}
            />
          )}
          <TextInput
            type="date"
            label="Due date"
            description={
              rule
                ? `Leave empty for the rule's date: ${formatDay(rule)}.`
                : 'No rule gives this a date: give one if it has a deadline.'
            }
            value={dueOn}
            onChange={(event) => setDueOn(event.currentTarget.value)}
            error={errors['due_on']}
          />
          {dueOn && (
            <TextInput
              label="Why the date differs"
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              maxLength={200}
              required
              error={errors['due_reason']}
            />
          )}
          {save.error && Object.keys(errors).length === 0 && <ApiErrorAlert error={save.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton pending={save.isPending} busyLabel="Saving">
              Save
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
