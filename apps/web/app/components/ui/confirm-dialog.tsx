import { Box, Button, Group, Modal, Text } from '@mantine/core';
import { useCallback, useRef, useState, type ReactNode } from 'react';

export type ConfirmOptions = {
  /** The question, naming the action and whom it touches: "Delete 'Federal summary' of Ravi Kumar?". */
  title: string;
  /** What will happen, and to whom: who is e-mailed, signed out, what cannot be undone. */
  message: ReactNode;
  /** The confirm button: the action's verb ("Delete summary", "Publish summary"). */
  confirmLabel: string;
  /** Destructive: a red confirm button, and Cancel (not the action) has the focus when the dialog opens. */
  destructive?: boolean;
};

type Props = ConfirmOptions & {
  opened: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * The console's one confirmation for an irreversible or destructive action: a modal dialog named by its
 * title and described by its message only (not the buttons), with Cancel and a confirm button that says what
 * it does. Escape, a click outside and Cancel all cancel. Focus is trapped inside and returns to the control
 * that opened it.
 */
export function ConfirmDialog({
  opened,
  onConfirm,
  onCancel,
  title,
  message,
  confirmLabel,
  destructive,
}: Props) {
  return (
    <Modal.Root opened={opened} onClose={onCancel} centered>
      <Modal.Overlay />
      <Modal.Content>
        {/* Mantine draws the header as <header>: not a second banner landmark on the page. */}
        <Modal.Header role="none">
          <Modal.Title fw={700}>{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>{typeof message === 'string' ? <Text>{message}</Text> : message}</Modal.Body>
        <Box px="md" pb="md">
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} data-autofocus={destructive ? true : undefined}>
              Cancel
            </Button>
            <Button
              color={destructive ? 'red' : undefined}
              onClick={onConfirm}
              data-autofocus={destructive ? undefined : true}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Box>
      </Modal.Content>
    </Modal.Root>
  );
}

const NOTHING_ASKED: ConfirmOptions = { title: '', message: '', confirmLabel: '' };

/**
 * Ask before acting: `if (!(await confirm({ … }))) return;` in front of an action's handler, and render
 * `dialog` once in the component. `confirm` resolves true on the confirm button, false on Cancel or Escape.
 */
export function useConfirm() {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const [opened, setOpened] = useState(false);
  const resolver = useRef<((confirmed: boolean) => void) | null>(null);

  const confirm = useCallback((next: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(next);
    setOpened(true);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const settle = (confirmed: boolean) => {
    resolver.current?.(confirmed);
    resolver.current = null;
    // The words stay while the dialog fades out.
    setOpened(false);
  };

  // Mounted closed from the start, so that on opening the dialog notes where focus was, to return it there.
  const dialog = (
    <ConfirmDialog
      {...(options ?? NOTHING_ASKED)}
      opened={opened}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    />
  );
  return { confirm, dialog };
}
