import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { MESSAGES } from '@taxfirm/contract';
import { useHouseholdMe } from '../api/household.ts';

const NOTICES = { upload: MESSAGES.HOUSEHOLD_NO_UPLOAD, message: MESSAGES.HOUSEHOLD_NO_MESSAGE } as const;

/**
 * On a page a household delegate may see but not act on (issue 38): why the page's action will be refused,
 * before they try. Nothing for the holder, a spouse, or a delegate with the right.
 */
export function MemberRightNotice({ right }: { right: keyof typeof NOTICES }) {
  const me = useHouseholdMe();
  const allowed = right === 'upload' ? me?.can_upload : me?.can_message;
  if (!me || allowed) return null;
  return (
    <Alert color="navy" variant="light" icon={<IconInfoCircle aria-hidden />} role="status" mb="md">
      {NOTICES[right]}
    </Alert>
  );
}
