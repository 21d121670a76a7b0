import { Stack, Text } from '@mantine/core';
import type { StaffRequests } from '@taxfirm/contract';
import { useCallback, useEffect, useRef } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { QuerySectionCard } from '../../../components/ui/query-section-card.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { useStaffRequests } from '../api/get-staff-requests.ts';
import { reorderChecklist, useChangeChecklist } from '../api/change-checklist.ts';
import { AddItem } from './add-item.tsx';
import { ItemCard } from './checklist-item-card.tsx';
import { MoveOn, ProgressSummary, Reminders } from './checklist-progress.tsx';
import type { ChecklistDependent } from './item-form.tsx';
import { TemplateTools } from './template-tools.tsx';
import { PlainList } from '../../../components/ui/plain-list.tsx';

export type ChecklistSectionProps = {
  clientId: string;
  taxYear: number;
  clientName: string;
  /** The client's dependents when the file page has them; otherwise items name taxpayer or spouse only. */
  dependents?: readonly ChecklistDependent[] | null;
  /**
   * Moves the file to a status through the file page's own status change (history, e-mail); answers the
   * server's message. Without it, the "Documents complete" button is not offered.
   */
  onMoveStatus?: (status: string) => Promise<string>;
  /** The item a link into the file names (`?focus=<item id>`): scrolled into view and focused. */
  focusId?: string;
};

/**
 * The file's checklist of requested documents: progress, reminders ("Remind now"), each item with its files,
 * history and review actions, adding, ordering, templates, and, once every required item is accepted, the
 * one click that moves the file on. Read-only once the file has moved past collecting documents.
 */
export function ChecklistSection({
  clientId,
  taxYear,
  clientName,
  dependents,
  onMoveStatus,
  focusId,
}: ChecklistSectionProps) {
  const list = useStaffRequests(clientId, taxYear);
  const success = useSubmitMessage();
  // After a move: the button to focus once the reordered list has rendered (then forgotten, so that a
  // later refresh never pulls the focus back).
  const focusTarget = useRef<string | null>(null);
  const data = list.data;
  const focusPending = useCallback(() => {
    const target = focusTarget.current ? document.getElementById(focusTarget.current) : null;
    if (!target) return;
    target.focus();
    focusTarget.current = null;
  }, []);
  useEffect(focusPending, [data, focusPending]);
  const focusAfter = useCallback(
    (id: string | null) => {
      focusTarget.current = id;
      if (id) requestAnimationFrame(focusPending);
    },
    [focusPending],
  );

  return (
    <QuerySectionCard
      headingId="checklist-heading"
      title={
        <>
          Checklist
          {data && (
            <Text span c="gray.8" fz="sm" fw={400} ml="xs">
              tax year {data.tax_year}
            </Text>
          )}
        </>
      }
      query={list}
      loadingLabel="Loading the checklist"
    >
      {data && (
        <ChecklistBody
          data={data}
          clientId={clientId}
          taxYear={taxYear}
          clientName={clientName}
          dependents={dependents ?? []}
          onMoveStatus={onMoveStatus}
          focusId={focusId}
          report={(message) => success.show(message)}
          clearReport={success.clear}
          focusAfter={focusAfter}
        />
      )}
      <SuccessAlert message={success.message} />
    </QuerySectionCard>
  );
}

type BodyProps = {
  data: StaffRequests;
  clientId: string;
  taxYear: number;
  clientName: string;
  dependents: readonly ChecklistDependent[];
  onMoveStatus: ChecklistSectionProps['onMoveStatus'];
  focusId: string | undefined;
  report: (message: string) => void;
  clearReport: () => void;
  focusAfter: (id: string | null) => void;
};

function ChecklistBody({
  data,
  clientId,
  taxYear,
  clientName,
  dependents,
  onMoveStatus,
  focusId,
  report,
  clearReport,
  focusAfter,
}: BodyProps) {
  const save = useChangeChecklist();
  const { progress, items, editable } = data;
  const target = { client_id: clientId, taxy: taxYear };

  const move = async (index: number, delta: -1 | 1) => {
    // One move at a time; the buttons stay enabled (and focused) while it is saved.
    if (save.isPending) return;
    const ids = items.map((i) => i.item_id);
    const to = index + delta;
    const moved = ids[index];
    const other = ids[to];
    if (moved === undefined || other === undefined) return;
    ids[index] = other;
    ids[to] = moved;
    clearReport();
    focusAfter(null);
    const answer = await save
      .mutateAsync(() => reorderChecklist({ ...target, item_ids: ids }))
      .catch(() => null);
    if (!answer) return;
    report(answer.status_smessage);
    // Keep the keyboard where it was: on the moved item's button, or its other one at either end.
    const direction = to === 0 ? 'down' : to === ids.length - 1 ? 'up' : delta < 0 ? 'up' : 'down';
    focusAfter(`move-${direction}-${moved}`);
  };

  return (
    <Stack gap="md">
      <ProgressSummary progress={progress} />
      <Reminders
        data={data}
        clientId={clientId}
        taxYear={taxYear}
        clientName={clientName}
        editable={editable}
        report={report}
        clearReport={clearReport}
      />
      {progress.complete && data.next_status && onMoveStatus && (
        <MoveOn
          nextStatus={data.next_status}
          onMoveStatus={onMoveStatus}
          report={report}
          clearReport={clearReport}
        />
      )}
      {!editable && (
        <Text fz="sm" c="gray.8">
          This file has moved past collecting documents: the checklist is read-only.
        </Text>
      )}
      {items.length === 0 ? (
        <Text fz="sm">No items on this checklist yet.</Text>
      ) : (
        <PlainList as="ol" gap="sm" aria-label="Checklist items">
          {items.map((item, index) => (
            <li key={item.item_id}>
              <ItemCard
                item={item}
                target={target}
                editable={editable}
                dependents={dependents}
                report={report}
                clearReport={clearReport}
                isFirst={index === 0}
                isLast={index === items.length - 1}
                onMove={(delta) => void move(index, delta)}
                focused={item.item_id === focusId}
              />
            </li>
          ))}
        </PlainList>
      )}
      <ApiErrorAlert error={save.error} />
      {editable && (
        <AddItem target={target} dependents={dependents} report={report} clearReport={clearReport} />
      )}
      <TemplateTools
        data={data}
        target={target}
        editable={editable}
        report={report}
        clearReport={clearReport}
      />
    </Stack>
  );
}
