import { defineCall } from '../call.ts';
import { emptyBodySchema, envelopeSchema } from '../common.ts';
import { staffRatesListResponseSchema, staffRatesSaveBodySchema } from './rates.staff.schemas.ts';

/** The Treasury's year-end exchange rates the organizer's worksheets convert with (issue 37). */
export const ratesStaffCalls = {
  staffRatesList: defineCall({
    path: 'staff/rates/list',
    body: emptyBodySchema,
    response: staffRatesListResponseSchema,
    access: 'staff',
    summary: 'The year-end exchange rates per currency and year, each with its source.',
  }),
  staffRatesSave: defineCall({
    path: 'staff/rates/save',
    body: staffRatesSaveBodySchema,
    response: envelopeSchema,
    access: 'admin',
    summary: "Set a currency's year-end rate (units per US dollar) for a year, with its source.",
  }),
} as const;
