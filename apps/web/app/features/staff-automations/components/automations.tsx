import { Badge, Button, Checkbox, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  AUTOMATION_ACTION_KINDS,
  AUTOMATION_ACTION_LABELS,
  AUTOMATION_PREVIEW_DAYS,
  type AutomationActionKind,
  type AutomationRule,
  type FileStatus,
} from '@taxfirm/contract';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import {
  EMPTY_FILE_ACTION,
  FILE_ACTION_MISSING,
  FileActionFields,
  StatusSelect,
  draftOf,
  fileActionOf,
  type FileActionDraft,
} from '../../../components/ui/file-action-fields.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { SimpleTable } from '../../../components/ui/table-head.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useStaffMembers } from '../../../lib/staff-members.ts';
import {
  useAutomations,
  usePauseAutomation,
  usePreviewAutomation,
  useSaveAutomation,
} from '../api/automations.ts';

type Draft = {
  ruleId: string | null;
  name: string;
  status: FileStatus | '';
  indiaOnly: boolean;
  kind: AutomationActionKind;
  action: FileActionDraft;
};

const NEW_RULE: Draft = {
  ruleId: null,
  name: '',
  status: '',
  indiaOnly: false,
  kind: 'template',
  action: EMPTY_FILE_ACTION,
};

function draftOfRule(rule: AutomationRule): Draft {
  return {
    ruleId: rule.rule_id,
    name: rule.name,
    status: rule.status,
    indiaOnly: rule.india_only,
    kind: rule.action?.kind ?? 'template',
    action: rule.action ? draftOf(rule.action) : EMPTY_FILE_ACTION,
  };
}

/**
 * Status automations (issue 36): the firm's rules with what they did in the last 30 days, each paused or
 * resumed in one click, and a form to add or change one with a preview of the files it would have touched.
 */
export function Automations() {
  const rules = useAutomations();
  const pause = usePauseAutomation();
  const success = useSubmitMessage();
  const [draft, setDraft] = useState<Draft>(NEW_RULE);
  const [formKey, setFormKey] = useState(0);
  const edit = (next: Draft) => {
    setDraft(next);
    setFormKey((k) => k + 1);
  };
  const toggle = async (rule: AutomationRule) => {
    success.clear();
    const answer = await pause.mutateAsync({ rule_id: rule.rule_id, paused: !rule.paused }).catch(() => null);
    if (answer) success.show(answer.status_smessage);
  };
  const list = rules.data?.rules ?? [];
  return (
    <Stack gap="lg">
      <SectionCard headingId="automations-rules" title="The firm's automations">
        <Text fz="sm" c="gray.8" mb="sm">
          A rule acts once on each file whose federal return enters its status, as the admin who last saved or
          resumed it, and the client is told as the action would tell them. Nothing an automation does moves a
          file to another status, so rules never set each other off.
        </Text>
        <ApiErrorAlert error={rules.error ?? pause.error} />
        <SuccessAlert message={success.message} mb="sm" />
        {list.length === 0 && rules.isSuccess ? (
          <Text>No automations yet: add the first below.</Text>
        ) : (
          <SimpleTable
            columns={[
              'Rule',
              'When a file enters',
              'It does',
              `Last ${AUTOMATION_PREVIEW_DAYS} days`,
              'State',
              'Actions',
            ]}
            minWidth={860}
            scrollLabel="The firm's automations"
            striped
          >
            {list.map((rule) => (
              <Table.Tr key={rule.rule_id}>
                <Table.Th scope="row">{rule.name}</Table.Th>
                <Table.Td>
                  {rule.status}
                  {rule.india_only && (
                    <Text fz="xs" c="gray.8">
                      India-linked files only
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{rule.summary}</Table.Td>
                <Table.Td>
                  {rule.runs.done} done, {rule.runs.skipped} skipped, {rule.runs.failed} failed
                  {rule.runs.pending > 0 && `, ${rule.runs.pending} to do`}
                </Table.Td>
                <Table.Td>
                  <Badge color={rule.paused ? 'gray' : 'green'} variant="light">
                    {rule.paused ? 'Paused' : 'Running'}
                  </Badge>
                  <Text fz="xs" c="gray.8">
                    {rule.updated_by}, {formatDateTime(rule.updated_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => void toggle(rule)}
                      aria-label={`${rule.paused ? 'Resume' : 'Pause'} ${rule.name}`}
                    >
                      {rule.paused ? 'Resume' : 'Pause'}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => edit(draftOfRule(rule))}
                      aria-label={`Change ${rule.name}`}
                    >
                      Change
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </SimpleTable>
        )}
      </SectionCard>
      <RuleForm key={formKey} initial={draft} onDone={() => edit(NEW_RULE)} />
    </Stack>
  );
}

function RuleForm({ initial, onDone }: { initial: Draft; onDone: () => void }) {
  const members = useStaffMembers();
  const save = useSaveAutomation();
  const preview = usePreviewAutomation();
  const success = useSubmitMessage();
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const isNew = draft.ruleId === null;

  const submit = async (paused: boolean | undefined) => {
    setProblem(null);
    success.clear();
    const action = fileActionOf(draft.kind, draft.action);
    if (!draft.name.trim()) return setProblem('Give the automation a name.');
    if (!draft.status) return setProblem('Choose the status that starts it.');
    if (!action || action.kind === 'status' || action.kind === 'remind') {
      return setProblem(FILE_ACTION_MISSING[draft.kind]);
    }
    const answer = await save
      .mutateAsync({
        ...(draft.ruleId ? { rule_id: draft.ruleId } : {}),
        name: draft.name.trim(),
        status: draft.status,
        india_only: draft.indiaOnly,
        action,
        ...(paused === undefined ? {} : { paused }),
      })
      .catch(() => null);
    if (!answer) return;
    success.show(answer.status_smessage);
    if (isNew) setDraft(NEW_RULE);
  };
  const showPreview = () => {
    if (!draft.status) return setProblem('Choose the status that starts it.');
    setProblem(null);
    preview.mutate({ status: draft.status, india_only: draft.indiaOnly });
  };

  return (
    <SectionCard
      headingId="automation-form"
      title={isNew ? 'Add an automation' : `Change "${initial.name}"`}
      as="form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit(isNew ? true : undefined);
      }}
    >
      <Stack gap="sm">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Name"
            w={280}
            maxLength={80}
            value={draft.name}
            onChange={(event) => set({ name: event.currentTarget.value })}
          />
          <StatusSelect
            label="When a file enters"
            value={draft.status}
            onChange={(status) => set({ status })}
          />
          <NativeSelect
            label="It does"
            w={320}
            value={draft.kind}
            onChange={(event) => set({ kind: event.currentTarget.value as AutomationActionKind })}
            data={AUTOMATION_ACTION_KINDS.map((k) => ({ value: k, label: AUTOMATION_ACTION_LABELS[k] }))}
          />
        </Group>
        <Checkbox
          label="Only files with an India tie (an Indian return or an FBAR among the file's deliverables)"
          checked={draft.indiaOnly}
          onChange={(event) => set({ indiaOnly: event.currentTarget.checked })}
        />
        <FileActionFields
          kind={draft.kind}
          draft={draft.action}
          onChange={(action) => set({ action })}
          people={members.data?.staff ?? []}
        />
        {problem && (
          <Text c="red.8" fz="sm" role="alert">
            {problem}
          </Text>
        )}
        <ApiErrorAlert error={save.error ?? preview.error} />
        <SuccessAlert message={success.message} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {isNew ? 'Save, paused' : 'Save changes'}
          </Button>
          {isNew && (
            <Button variant="default" onClick={() => void submit(false)} loading={save.isPending}>
              Save and run
            </Button>
          )}
          <Button variant="default" onClick={showPreview} loading={preview.isPending}>
            Preview the last {AUTOMATION_PREVIEW_DAYS} days
          </Button>
          {!isNew && (
            <Button variant="subtle" onClick={onDone}>
              Add another instead
            </Button>
          )}
        </Group>
        {preview.data && (
          <Stack gap="xs" aria-live="polite">
            <Text fw={700}>
              {preview.data.total === 0
                ? `No file entered ${draft.status || 'this status'} in the last ${AUTOMATION_PREVIEW_DAYS} days.`
                : `${preview.data.total} ${preview.data.total === 1 ? 'entry' : 'entries'} in the last ${AUTOMATION_PREVIEW_DAYS} days: this rule would have acted on each.`}
            </Text>
            {preview.data.files.length > 0 && (
              <SimpleTable
                columns={['Client', 'File number', 'Tax year', 'Entered']}
                minWidth={520}
                scrollLabel="Files the rule would have acted on"
              >
                {preview.data.files.map((file) => (
                  <Table.Tr key={`${file.client_id}-${file.entered_at}`}>
                    <Table.Th scope="row">{file.name}</Table.Th>
                    <Table.Td>{file.file_number ?? '—'}</Table.Td>
                    <Table.Td>{file.tax_year}</Table.Td>
                    <Table.Td>{formatDateTime(file.entered_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </SimpleTable>
            )}
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
}
