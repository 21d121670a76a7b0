import { Anchor, Drawer, Stack, Text } from '@mantine/core';
import type { ContactDetails } from '../contact-details.ts';

export type AccountPanelKind = 'login' | 'register';

/**
 * The login / register side panel. Online sign-in arrives with the accounts work; until then the panel
 * tells visitors how to reach the firm.
 */
export function AccountPanel({
  kind,
  onClose,
  contact,
}: {
  kind: AccountPanelKind | null;
  onClose: () => void;
  contact: ContactDetails;
}) {
  return (
    <Drawer
      opened={kind !== null}
      onClose={onClose}
      position="right"
      title={kind === 'register' ? 'Register' : 'Login'}
      closeButtonProps={{ 'aria-label': 'Close panel' }}
    >
      <Stack>
        <Text>
          {kind === 'register'
            ? 'Online registration for the client portal is opening soon.'
            : 'Online sign-in to the client portal is opening soon.'}
        </Text>
        {contact.email && (
          <Text>
            Meanwhile, write to <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
            {contact.usPhone ? ` or call ${contact.usPhone}` : ''}.
          </Text>
        )}
      </Stack>
    </Drawer>
  );
}
