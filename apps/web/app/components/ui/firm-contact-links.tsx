import { Anchor } from '@mantine/core';

/** The firm's e-mail address and phone number, and the phone's `tel:` link. */
export type FirmContactDetails = { email: string; phone: string; phoneHref: string };

/**
 * The end of a sentence that tells the client how to reach the firm: " <emailLead> <e-mail link>" and
 * " or call <phone link>", each only when the firm has one. The sentence's start and its full stop are the
 * caller's ("Need help? Write" … ".").
 */
export function FirmContactLinks({ contact, emailLead }: { contact: FirmContactDetails; emailLead: string }) {
  return (
    <>
      {contact.email && (
        <>
          {' '}
          {emailLead}{' '}
          <Anchor href={`mailto:${contact.email}`} underline="always">
            {contact.email}
          </Anchor>
        </>
      )}
      {contact.phone && (
        <>
          {' '}
          or call{' '}
          <Anchor href={contact.phoneHref} underline="always">
            {contact.phone}
          </Anchor>
        </>
      )}
    </>
  );
}
