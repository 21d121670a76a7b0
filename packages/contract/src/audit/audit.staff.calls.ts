import { defineCall } from '../call.ts';
import { auditListBodySchema, auditListResponseSchema } from './audit.staff.schemas.ts';

/** The audit log (admins). */
export const auditStaffCalls = {
  auditLog: defineCall({
    path: 'staff/audit/list',
    body: auditListBodySchema,
    response: auditListResponseSchema,
    access: 'admin',
    summary: 'The append-only audit log of staff actions and reads of client data, filtered and paged.',
  }),
} as const;
