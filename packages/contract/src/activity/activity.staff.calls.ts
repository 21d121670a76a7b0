import { defineCall } from '../call.ts';
import {
  staffActivityListBodySchema,
  staffActivityListResponseSchema,
  staffMessagesAlertsBodySchema,
  staffMessagesAlertsResponseSchema,
} from './activity.staff.schemas.ts';

/** What a staff member hears of their clients: the console home's feed and their own alert choice. */
export const activityStaffCalls = {
  staffMessagesAlerts: defineCall({
    path: 'staff/messages/alerts',
    body: staffMessagesAlertsBodySchema,
    response: staffMessagesAlertsResponseSchema,
    access: 'staff',
    summary: "Read or change one's own alerts: an e-mail per client message, or a daily digest.",
  }),
  staffActivityList: defineCall({
    path: 'staff/activity/list',
    body: staffActivityListBodySchema,
    response: staffActivityListResponseSchema,
    access: 'staff',
    summary: "The console home's feed: what this staff member's clients did, newest first.",
  }),
} as const;
