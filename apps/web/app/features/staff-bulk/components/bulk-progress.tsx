import { Alert, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ClientFileLink } from '../../../components/ui/list-cells.tsx';
import { SimpleTable } from '../../../components/ui/table-head.tsx';
import { useBulkStatus } from '../api/get-bulk-status.ts';
import { BULK_JOB_PARAM } from './bulk-actions.tsx';

/**
 * The bulk job the page follows (named in the address, so a reload shows it): its progress while it runs,
 * then what was done, skipped and failed, each file not done with the reason. When it finishes, the lists on
 * the page are read again.
 */
export function BulkProgress() {
  const [params, setParams] = useSearchParams();
  const jobId = params.get(BULK_JOB_PARAM);
  const status = useBulkStatus(jobId);
  const client = useQueryClient();
  const job = status.data?.jobs[0];
  // The job just started from this page (or named in a link): the keyboard lands on its progress, not on the
  // page's body where the bulk bar's button was.
  const focusOnArrival = useCallback(
    (node: HTMLDivElement | null) => node?.focus({ preventScroll: false }),
    [],
  );
  const finished = job?.state === 'finished';
  useEffect(() => {
    // The files changed: every list of the console is read again (queues, counts, My work).
    if (finished) void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'staff-bulk' });
  }, [finished, client]);
  if (!jobId) return null;
  const dismiss = () =>
    setParams(
      (next) => {
        next.delete(BULK_JOB_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  if (!job) return <ApiErrorAlert error={status.error} />;
  const handled = job.done + job.skipped + job.failed;
  return (
    <Alert
      color={finished ? (job.skipped + job.failed > 0 ? 'yellow' : 'green') : 'blue'}
      // The light alert's own title colour is too pale on its background (axe-core): dark text on every colour.
      c="dark.7"
      title={`${job.summary}: ${finished ? 'finished' : 'running'}`}
      // A region named by its title (the action and whether it runs), focusable so the keyboard lands on it.
      role="region"
      tabIndex={-1}
      ref={focusOnArrival}
    >
      <Stack gap="xs">
        <Progress
          value={job.total === 0 ? 100 : (handled / job.total) * 100}
          aria-label={`${handled} of ${job.total} files handled`}
        />
        {/* Only the counts are announced as they change, not the table under them. */}
        <Text fz="sm" role="status">
          {handled} of {job.total} files handled: {job.done} done, {job.skipped} skipped, {job.failed} failed.
          {!finished &&
            ' You can leave this page: the job goes on, and this page shows it again when you return.'}
        </Text>
        {job.problems.length > 0 && (
          <SimpleTable
            columns={['Client', 'File number', 'Outcome', 'Why']}
            minWidth={600}
            scrollLabel="Files not done"
          >
            {job.problems.map((problem, i) => (
              <Table.Tr key={problem.client_id ?? `hidden-${i}`}>
                <Table.Th scope="row">
                  {problem.client_id ? (
                    <ClientFileLink clientId={problem.client_id}>{problem.name}</ClientFileLink>
                  ) : (
                    problem.name
                  )}
                </Table.Th>
                <Table.Td>{problem.file_number ?? '—'}</Table.Td>
                <Table.Td>{problem.outcome === 'failed' ? 'Failed' : 'Skipped'}</Table.Td>
                <Table.Td>{problem.reason}</Table.Td>
              </Table.Tr>
            ))}
          </SimpleTable>
        )}
        {finished && (
          <Group>
            <Button variant="default" size="compact-sm" onClick={dismiss}>
              Dismiss
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
