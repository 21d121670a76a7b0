import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A centred modal dialog named by its title. Mantine draws the dialog's header as <header>, which would be a
 * second banner landmark on the page: it is given `role="none"` here, once; and its close button, an icon, is
 * named "Close" unless `closeButtonProps` names it otherwise.
 */
export function Dialog({
  title,
  opened,
  onClose,
  children,
  ...props
}: { title: ReactNode; opened: boolean; onClose: () => void; children: ReactNode } & Omit<
  ModalProps,
  'title' | 'opened' | 'onClose' | 'children' | 'attributes'
>) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      {...props}
      closeButtonProps={{ 'aria-label': 'Close', ...props.closeButtonProps }}
      attributes={{ header: { role: 'none' } }}
    >
      {children}
    </Modal>
  );
}
