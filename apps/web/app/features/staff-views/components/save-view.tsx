import { Anchor, Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { SavedViewQuery, StaffRole } from '@taxfirm/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useRemoveView, useSavedViews, useSaveView } from '../api/saved-views.ts';
import { viewHref } from '../view-address.ts';

/**
 * Save the queue as it is filtered and sorted under a name (admins may share it with the firm), and the views
 * one may change, each with Remove (issue 36). The console's menu lists them with their counts.
 */
export function SaveView({ query, role }: { query: SavedViewQuery; role: StaffRole }) {
  const views = useSavedViews();
  const save = useSaveView();
  const remove = useRemoveView();
  const success = useSubmitMessage();
  const { confirm, dialog } = useConfirm();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const nameError =
    save.error instanceof ApiError && save.error.details?.['name'] ? save.error.details['name'] : undefined;

  const onSave = async () => {
    success.clear();
    const answer = await save.mutateAsync({ name, shared, query }).catch(() => null);
    if (answer) {
      success.show(`${name.trim()}: ${answer.status_smessage}`);
      setName('');
      setShared(false);
    }
  };
  const onRemove = async (viewId: string, viewName: string) => {
    const ok = await confirm({
      title: `Remove the view "${viewName}"?`,
      message: 'The view leaves the menu for everyone who sees it. The files are not changed.',
      confirmLabel: 'Remove view',
      destructive: true,
    });
    if (!ok) return;
    success.clear();
    const answer = await remove.mutateAsync(viewId).catch(() => null);
    if (answer) success.show(`${viewName}: ${answer.status_smessage}`);
  };
  const editable = (views.data?.views ?? []).filter((view) => view.editable);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="save-view-heading">
      <Stack gap="sm">
        <Text id="save-view-heading" fw={700}>
          Saved views
        </Text>
        <form
          noValidate
          aria-labelledby="save-view-heading"
          onSubmit={(event) => {
            event.preventDefault();
            void onSave();
          }}
        >
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Save these filters, order and columns as"
              placeholder="My overdue"
              w={260}
              maxLength={60}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={nameError}
            />
            {role === 'admin' && (
              <Checkbox
                label="Share with the firm"
                checked={shared}
                onChange={(event) => setShared(event.currentTarget.checked)}
                mb={8}
              />
            )}
            <Button type="submit" variant="default" loading={save.isPending}>
              Save view
            </Button>
          </Group>
        </form>
        {editable.length > 0 && (
          <Group gap="md" wrap="wrap" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {editable.map((view) => (
              <Group key={view.view_id} component="li" gap={6} wrap="nowrap">
                <Anchor component={Link} to={viewHref(view.query)} fz="sm">
                  {view.name}
                  {view.shared ? ' (shared)' : ''}
                </Anchor>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Remove the view ${view.name}`}
                  onClick={() => void onRemove(view.view_id, view.name)}
                >
                  Remove
                </Button>
              </Group>
            ))}
          </Group>
        )}
        <SuccessAlert message={success.message} />
        {!nameError && <ApiErrorAlert error={save.error ?? remove.error} />}
      </Stack>
      {dialog}
    </Paper>
  );
}
