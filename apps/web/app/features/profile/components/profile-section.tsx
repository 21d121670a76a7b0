import { Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { setServerFieldErrors } from '../../../lib/form.ts';

/** How long a saved section shows its message before it returns to the view (the spec's 1 second). */
export const CLOSE_AFTER_SAVE_MS = 1000;

/**
 * One profile section: a read-only view with an Edit button (hidden while editing is closed) and, once
 * Edit is pressed, the section's form. Closing the form puts focus back on Edit.
 */
export function ProfileSection({
  title,
  editable,
  query,
  view,
  form,
}: {
  title: string;
  editable: boolean;
  query: { isPending: boolean; error: unknown };
  view: ReactNode;
  form: (close: () => void) => ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const formBox = useRef<HTMLDivElement>(null);
  const wasEditing = useRef(false);
  const close = useCallback(() => setEditing(false), []);

  useEffect(() => {
    // The form itself takes focus (announced by its name); a field would count as touched on leaving it.
    if (editing) formBox.current?.querySelector<HTMLElement>('form')?.focus();
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  // Editing closed meanwhile (the status moved on): leave edit mode; the page's notice says why.
  const [wasEditable, setWasEditable] = useState(editable);
  if (editable !== wasEditable) {
    setWasEditable(editable);
    if (!editable) setEditing(false);
  }

  const open = editing && editable;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2} fz={22} c="navy.9">
          {title}
        </Title>
        {editable && !open && !query.isPending && !query.error && (
          <Button
            ref={editButton}
            variant="light"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
        )}
      </Group>
      {query.isPending ? (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text>Loading {title}…</Text>
        </Group>
      ) : query.error ? (
        <ApiErrorAlert error={query.error} />
      ) : open ? (
        <Box ref={formBox}>{form(close)}</Box>
      ) : (
        view
      )}
    </Stack>
  );
}

/**
 * Submit a section: show the server's field messages on their fields, or the saved message, and close the
 * form one second after a successful save (the spec's rule). A refused save stays open with its message, so
 * nothing typed is lost (the spec closes after any submit; keeping the form is the deliberate difference).
 */
export function useSectionSave<Values extends FieldValues, Output, Body>(
  form: UseFormReturn<Values, unknown, Output>,
  mutation: UseMutationResult<{ status_smessage: string }, Error, Body>,
  toBody: (values: Output) => Body,
  close: () => void,
) {
  const success = useSubmitMessage({ next: close, nextAfterMs: CLOSE_AFTER_SAVE_MS });
  // The error for the alert: none when every message of a refusal sits on its field.
  const [alert, setAlert] = useState<unknown>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      const answer = await mutation.mutateAsync(toBody(values));
      success.show(answer.status_smessage);
    } catch (error) {
      if (!setServerFieldErrors(form, error)) setAlert(error);
    }
  });
  return { onSubmit, saved: success.message, alert };
}

/**
 * For a form's buttons: the field being typed in keeps focus while the mouse is down. Its blur would show
 * the field's message, move the button down and lose the click. Keyboard use is unchanged.
 */
export const keepFocusOnPress = {
  onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault(),
};

/** The end of every section form: the outcome, then Submit and Cancel. */
export function SectionActions({
  saving,
  saved,
  error,
  onCancel,
  extra,
}: {
  saving: boolean;
  saved: string | null;
  error: unknown;
  onCancel: () => void;
  extra?: ReactNode;
}) {
  return (
    <Stack gap="sm">
      <SuccessAlert message={saved} />
      {!saved && <ApiErrorAlert error={error} />}
      <Group gap="sm">
        {extra}
        <SubmitButton
          pending={saving}
          busyLabel="Submitting"
          busy="text"
          disabled={saved !== null}
          {...keepFocusOnPress}
        >
          Submit
        </SubmitButton>
        <Button variant="default" onClick={onCancel} disabled={saving} {...keepFocusOnPress}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
