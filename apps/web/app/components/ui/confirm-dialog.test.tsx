import { Button, MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../testing/axe.ts';
import { useConfirm, type ConfirmOptions } from './confirm-dialog.tsx';

const DELETE: ConfirmOptions = {
  title: "Delete '2025 Federal summary' of Priya Shah?",
  message: 'The summary and its file summary.pdf are deleted for good.',
  confirmLabel: 'Delete summary',
  destructive: true,
};
const PUBLISH: ConfirmOptions = {
  title: "Publish '2025 Federal summary' to Priya Shah?",
  message: 'Priya Shah sees it in the portal and is e-mailed.',
  confirmLabel: 'Publish summary',
};

/** A button whose action runs only once confirmed; it shows what `confirm` answered. */
function Harness({ options, onAction }: { options: ConfirmOptions; onAction: () => void }) {
  const { confirm, dialog } = useConfirm();
  const [answer, setAnswer] = useState('');
  const onClick = async () => {
    const confirmed = await confirm(options);
    setAnswer(confirmed ? 'confirmed' : 'cancelled');
    if (confirmed) onAction();
  };
  return (
    <>
      <Button onClick={() => void onClick()}>Act</Button>
      <output>{answer}</output>
      {dialog}
    </>
  );
}

function renderHarness(options: ConfirmOptions) {
  const onAction = vi.fn();
  render(
    <MantineProvider>
      <Harness options={options} onAction={onAction} />
    </MantineProvider>,
  );
  return { onAction, user: userEvent.setup() };
}

describe('ConfirmDialog (useConfirm)', () => {
  it('names the action in a labelled, described dialog and acts only on the confirm button', async () => {
    const { onAction, user } = renderHarness(PUBLISH);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Act' }));
    const dialog = await screen.findByRole('dialog', { name: PUBLISH.title });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    // The description is the message only, not the buttons' words.
    expect(dialog).toHaveAccessibleDescription(String(PUBLISH.message));
    expect(onAction).not.toHaveBeenCalled();
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Publish summary' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('confirmed');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('focuses Cancel first for a destructive action, and Cancel does nothing', async () => {
    const { onAction, user } = renderHarness(DELETE);
    await user.click(screen.getByRole('button', { name: 'Act' }));
    await screen.findByRole('dialog', { name: DELETE.title });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(await axeViolations()).toEqual([]);

    // Enter on the focused button is Cancel, not Delete.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent('cancelled');
    expect(onAction).not.toHaveBeenCalled();
    // Focus goes back to the control that opened the dialog.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Act' })).toHaveFocus());
  });

  it('focuses the confirm button first for an action that destroys nothing', async () => {
    const { user } = renderHarness(PUBLISH);
    await user.click(screen.getByRole('button', { name: 'Act' }));
    await screen.findByRole('dialog', { name: PUBLISH.title });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish summary' })).toHaveFocus());
  });

  it('cancels on Escape', async () => {
    const { onAction, user } = renderHarness(DELETE);
    await user.click(screen.getByRole('button', { name: 'Act' }));
    await screen.findByRole('dialog', { name: DELETE.title });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent('cancelled');
    expect(onAction).not.toHaveBeenCalled();
  });

  it('keeps Tab inside the dialog and reaches both buttons by keyboard', async () => {
    const { onAction, user } = renderHarness(DELETE);
    await user.click(screen.getByRole('button', { name: 'Act' }));
    await screen.findByRole('dialog', { name: DELETE.title });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Delete summary' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab({ shift: true });
    await user.keyboard('{Enter}');
    expect(onAction).toHaveBeenCalledTimes(1);
  });
});
