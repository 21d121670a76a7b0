import { Badge, VisuallyHidden, type BadgeProps } from '@mantine/core';
import type { OffshoreConsentState } from '@taxfirm/contract';

/** Why a file is US-only, by the client's §7216 answer in force (anything but a Yes). */
export const US_ONLY_REASONS: Record<Exclude<OffshoreConsentState, 'yes'>, string> = {
  no: 'The client answered No to disclosure outside the United States.',
  unanswered: 'The client has not yet answered the question on disclosure outside the United States.',
  expired: "The client's consent to disclosure outside the United States has expired.",
};

/**
 * The console's "US-only" badge: shown unless the client's §7216 Yes is in force (offshore staff cannot open
 * the file). The reason is in its title and read out with it.
 */
export function UsOnlyBadge({
  state,
  ...props
}: { state: OffshoreConsentState } & Omit<BadgeProps, 'children' | 'title'>) {
  if (state === 'yes') return null;
  const reason = US_ONLY_REASONS[state];
  return (
    <Badge variant="outline" color="red.9" c="red.9" title={reason} {...props}>
      US-only<VisuallyHidden>: {reason}</VisuallyHidden>
    </Badge>
  );
}
