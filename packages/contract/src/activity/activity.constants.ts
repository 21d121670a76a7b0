/** What a client did that their analyst hears about (the activity feed and the digest). */
export const ACTIVITY_KINDS = ['message', 'upload', 'payment', 'signature', 'answer'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** How a staff member hears of new client messages and activity on their files. */
export const STAFF_ALERT_CHOICES = ['each', 'digest'] as const;
export type StaffAlertChoice = (typeof STAFF_ALERT_CHOICES)[number];
