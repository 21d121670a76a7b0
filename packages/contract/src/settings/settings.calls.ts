import { defineCall } from '../call.ts';
import { emptyBodySchema } from '../common.ts';
import {
  getSettingsBodySchema,
  getSettingsResponseSchema,
  taxYearsResponseSchema,
} from './settings.schemas.ts';

export const settingsCalls = {
  getSettings: defineCall({
    path: 'settings/getsettings',
    body: getSettingsBodySchema,
    response: getSettingsResponseSchema,
    access: 'public',
    summary: 'Site settings list; the top bar and footer read its first item.',
  }),
  taxYears: defineCall({
    path: 'settings/taxyears',
    body: emptyBodySchema.optional(),
    response: taxYearsResponseSchema,
    access: 'public',
    summary: 'Tax years the firm files for, newest first.',
  }),
} as const;
