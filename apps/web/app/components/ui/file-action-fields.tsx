/**
 * What to do to a file, as a bulk action (staff-bulk) and a status automation (staff-automations) choose it:
 * the fields each kind of action needs, one draft for all of them, and the action the draft makes.
 */
import { Checkbox, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import {
  ADDED_DELIVERABLE_KINDS,
  DELIVERABLE_KIND_LABELS,
  FILE_STATUSES,
  formatMoney,
  type AddedDeliverableKind,
  type FileAction,
  type FileStatus,
} from '@taxfirm/contract';
import { useCannedReplies } from '../../lib/canned-replies.ts';
import { usePriceList } from '../../lib/price-list.ts';
import { useRequestTemplates } from '../../lib/request-templates.ts';
import { useSignatureTemplates } from '../../lib/signature-templates.ts';

export type FileActionKind = FileAction['kind'];

export type FileActionDraft = {
  assignees: string[];
  status: FileStatus | '';
  comment: string;
  templateId: string;
  replyId: string;
  priceItemIds: string[];
  signatureTemplateId: string;
  deliverableKind: AddedDeliverableKind | '';
  label: string;
};

export const EMPTY_FILE_ACTION: FileActionDraft = {
  assignees: [],
  status: '',
  comment: '',
  templateId: '',
  replyId: '',
  priceItemIds: [],
  signatureTemplateId: '',
  deliverableKind: '',
  label: '',
};

/** What a chosen action still lacks, said instead of going on. */
export const FILE_ACTION_MISSING: Record<FileActionKind, string> = {
  assign: 'Choose whom to assign the files to.',
  status: "Choose the new status and write the comment for the files' history.",
  remind: '',
  template: 'Choose a checklist template.',
  message: 'Choose a canned message.',
  signature: 'Choose a kept document to sign (admins keep them in settings).',
  invoice: 'Choose the price list items to invoice.',
  deliverable: 'Choose the deliverable to add (a state return or "other" needs its name).',
};

/** The action the draft makes for `kind`, or null while something it needs is missing. */
export function fileActionOf(kind: FileActionKind, d: FileActionDraft): FileAction | null {
  switch (kind) {
    case 'assign':
      return d.assignees.length > 0 ? { kind, analyst_ids: d.assignees } : null;
    case 'status':
      return d.status && d.comment.trim() ? { kind, status: d.status, comment: d.comment.trim() } : null;
    case 'remind':
      return { kind };
    case 'template':
      return d.templateId ? { kind, template_id: d.templateId } : null;
    case 'message':
      return d.replyId ? { kind, reply_id: d.replyId } : null;
    case 'signature':
      return d.signatureTemplateId ? { kind, signature_template_id: d.signatureTemplateId } : null;
    case 'invoice':
      return d.priceItemIds.length > 0 ? { kind, price_item_ids: d.priceItemIds } : null;
    case 'deliverable': {
      if (!d.deliverableKind) return null;
      const label = d.label.trim();
      if (!label && (d.deliverableKind === 'state' || d.deliverableKind === 'other')) return null;
      return { kind, deliverable_kind: d.deliverableKind, ...(label ? { label } : {}) };
    }
  }
}

/** The draft of an action read back (a saved automation opened again). */
export function draftOf(action: FileAction): FileActionDraft {
  switch (action.kind) {
    case 'assign':
      return { ...EMPTY_FILE_ACTION, assignees: action.analyst_ids };
    case 'status':
      return { ...EMPTY_FILE_ACTION, status: action.status, comment: action.comment };
    case 'remind':
      return EMPTY_FILE_ACTION;
    case 'template':
      return { ...EMPTY_FILE_ACTION, templateId: action.template_id };
    case 'message':
      return { ...EMPTY_FILE_ACTION, replyId: action.reply_id };
    case 'signature':
      return { ...EMPTY_FILE_ACTION, signatureTemplateId: action.signature_template_id };
    case 'invoice':
      return { ...EMPTY_FILE_ACTION, priceItemIds: action.price_item_ids };
    case 'deliverable':
      return { ...EMPTY_FILE_ACTION, deliverableKind: action.deliverable_kind, label: action.label ?? '' };
  }
}

/** The chosen price list items in words, with their total: "Federal return, FBAR ($425.00)". */
export function useInvoiceWords(ids: string[]): string {
  const items = (usePriceList().data?.items ?? []).filter((item) => ids.includes(item.id));
  if (items.length === 0) return '';
  const total = items.reduce((sum, item) => sum + item.amount, 0);
  return `${items.map((item) => item.name).join(', ')} (${formatMoney(total, items[0]?.currency)})`;
}

/** A file status to choose, or none yet ("Choose a status"): a rule's trigger, a bulk status change. */
export function StatusSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: FileStatus | '';
  onChange: (status: FileStatus | '') => void;
}) {
  return (
    <NativeSelect
      label={label}
      w={240}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as FileStatus | '')}
      data={[{ value: '', label: 'Choose a status' }, ...FILE_STATUSES.map((s) => ({ value: s, label: s }))]}
    />
  );
}

/**
 * The fields of one kind of action. `people`: whom files may be assigned to (an analyst: only themselves).
 */
export function FileActionFields({
  kind,
  draft,
  onChange,
  people,
}: {
  kind: FileActionKind;
  draft: FileActionDraft;
  onChange: (draft: FileActionDraft) => void;
  people: { user_id: string; name: string; role: string }[];
}) {
  const templates = useRequestTemplates();
  const canned = useCannedReplies();
  const prices = usePriceList();
  const kept = useSignatureTemplates();
  const set = (change: Partial<FileActionDraft>) => onChange({ ...draft, ...change });
  const replyText = canned.data?.replies.find((r) => r.reply_id === draft.replyId)?.body ?? '';
  switch (kind) {
    case 'remind':
      return null;
    case 'status':
      return (
        <Group align="flex-end" wrap="wrap">
          <StatusSelect label="New status" value={draft.status} onChange={(status) => set({ status })} />
          <TextInput
            label="Comment for each file's history"
            w={300}
            maxLength={1000}
            value={draft.comment}
            onChange={(event) => set({ comment: event.currentTarget.value })}
          />
        </Group>
      );
    case 'template':
      return (
        <NativeSelect
          label="Checklist template"
          w={280}
          value={draft.templateId}
          onChange={(event) => set({ templateId: event.currentTarget.value })}
          data={[
            { value: '', label: 'Choose a template' },
            ...(templates.data?.templates ?? []).map((t) => ({ value: t.template_id, label: t.name })),
          ]}
        />
      );
    case 'message':
      return (
        <Stack gap="xs">
          <NativeSelect
            label="Canned message"
            w={280}
            value={draft.replyId}
            onChange={(event) => set({ replyId: event.currentTarget.value })}
            data={[
              { value: '', label: 'Choose a message' },
              ...(canned.data?.replies ?? []).map((r) => ({ value: r.reply_id, label: r.title })),
            ]}
          />
          {replyText && (
            <Text fz="sm" c="gray.8">
              The message: {replyText}
            </Text>
          )}
        </Stack>
      );
    case 'signature':
      return (
        <NativeSelect
          label="Document to sign"
          description="Put up for the taxpayer, with the usual places for the signature and the date."
          w={320}
          value={draft.signatureTemplateId}
          onChange={(event) => set({ signatureTemplateId: event.currentTarget.value })}
          data={[
            { value: '', label: 'Choose a kept document' },
            ...(kept.data?.templates ?? []).map((t) => ({ value: t.template_id, label: t.title })),
          ]}
        />
      );
    case 'invoice':
      return (
        <Checkbox.Group
          label="Invoice these price list items"
          description="One of each, in one currency; the invoice is sent to the client at once."
          value={draft.priceItemIds}
          onChange={(priceItemIds) => set({ priceItemIds })}
        >
          <Group mt="xs" gap="md">
            {(prices.data?.items ?? [])
              .filter((item) => item.active)
              .map((item) => (
                <Checkbox
                  key={item.id}
                  value={item.id}
                  label={`${item.name} (${formatMoney(item.amount, item.currency)})`}
                />
              ))}
          </Group>
        </Checkbox.Group>
      );
    case 'deliverable':
      return (
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            label="Deliverable"
            w={240}
            value={draft.deliverableKind}
            onChange={(event) =>
              set({ deliverableKind: event.currentTarget.value as AddedDeliverableKind | '' })
            }
            data={[
              { value: '', label: 'Choose a deliverable' },
              ...ADDED_DELIVERABLE_KINDS.map((k) => ({ value: k, label: DELIVERABLE_KIND_LABELS[k] })),
            ]}
          />
          <TextInput
            label="Its name (the state, or what it is)"
            w={260}
            maxLength={80}
            value={draft.label}
            onChange={(event) => set({ label: event.currentTarget.value })}
          />
        </Group>
      );
    case 'assign':
      return (
        <Checkbox.Group
          label="Assign to"
          description="Choose one person, or several to share the files in turn."
          value={draft.assignees}
          onChange={(assignees) => set({ assignees })}
        >
          <Group mt="xs" gap="md">
            {people.map((m) => (
              <Checkbox key={m.user_id} value={m.user_id} label={`${m.name} (${m.role})`} />
            ))}
          </Group>
        </Checkbox.Group>
      );
  }
}
