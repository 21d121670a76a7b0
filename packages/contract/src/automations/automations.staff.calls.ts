import { defineCall } from '../call.ts';
import { emptyBodySchema, envelopeSchema } from '../common.ts';
import {
  staffAutomationPauseBodySchema,
  staffAutomationPreviewBodySchema,
  staffAutomationPreviewResponseSchema,
  staffAutomationSaveBodySchema,
  staffAutomationSaveResponseSchema,
  staffAutomationsListResponseSchema,
} from './automations.staff.schemas.ts';

/** Status automations (issue 36): admins only. */
export const automationsStaffCalls = {
  staffAutomationsList: defineCall({
    path: 'staff/automations/list',
    body: emptyBodySchema,
    response: staffAutomationsListResponseSchema,
    access: 'admin',
    summary: "The firm's status automations, each with its runs of the last 30 days.",
  }),
  staffAutomationsSave: defineCall({
    path: 'staff/automations/save',
    body: staffAutomationSaveBodySchema,
    response: staffAutomationSaveResponseSchema,
    access: 'admin',
    summary: 'Add a status automation (paused unless told) or change one: its status, condition and action.',
  }),
  staffAutomationsPreview: defineCall({
    path: 'staff/automations/preview',
    body: staffAutomationPreviewBodySchema,
    response: staffAutomationPreviewResponseSchema,
    access: 'admin',
    summary: 'The files a rule with this status and condition would have acted on in the last 30 days.',
  }),
  staffAutomationsPause: defineCall({
    path: 'staff/automations/pause',
    body: staffAutomationPauseBodySchema,
    response: envelopeSchema,
    access: 'admin',
    summary: 'Pause an automation (it fires on nothing) or resume it (its actions become the resumer’s).',
  }),
} as const;
