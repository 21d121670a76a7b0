import { defineCall } from '../call.ts';
import { emptyBodySchema } from '../common.ts';
import {
  staffNextFileNumberBodySchema,
  staffNextFileNumberResponseSchema,
  staffSettingsResponseSchema,
  staffSettingsSchema,
} from './settings.staff.schemas.ts';

export const staffSettingsCalls = {
  staffSettingsGet: defineCall({
    path: 'staff/settings/get',
    body: emptyBodySchema,
    response: staffSettingsResponseSchema,
    access: 'admin',
    summary: 'Every site setting, for the settings page (admins).',
  }),
  staffSettingsSave: defineCall({
    path: 'staff/settings/save',
    body: staffSettingsSchema,
    response: staffSettingsResponseSchema,
    access: 'admin',
    summary: 'Replace every site setting (admins; audited). The public site shows the change at once.',
  }),
  staffNextFileNumber: defineCall({
    path: 'staff/clients/nextfilenumber',
    body: staffNextFileNumberBodySchema,
    response: staffNextFileNumberResponseSchema,
    access: 'staff',
    summary: "The next unused file number of the tax year in the firm's current format (a suggestion).",
  }),
} as const;
