import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';

/**
 * The words of a terms checkbox: "I accept the Terms & Conditions and the Privacy Policy", each linked and
 * opened in a new tab (registration, the consents a client gives before filing).
 */
export function TermsLabel() {
  return (
    <Text span fz="sm">
      I accept the{' '}
      <Anchor component={Link} to={paths.termsConditions.getHref()} target="_blank" fz="sm">
        Terms &amp; Conditions
      </Anchor>{' '}
      and the{' '}
      <Anchor component={Link} to={paths.privacyPolicy.getHref()} target="_blank" fz="sm">
        Privacy Policy
      </Anchor>
    </Text>
  );
}
