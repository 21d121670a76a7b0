import { defineCall } from '../call.ts';
import {
  accountYearsGetBodySchema,
  accountYearsGetResponseSchema,
  accountYearsListBodySchema,
  accountYearsListResponseSchema,
  accountYearsReturnBodySchema,
  accountYearsZipBodySchema,
  yearLinkResponseSchema,
} from './years.schemas.ts';

/** Every year in the vault (issue 38): the session client's own years only. */
export const yearsCalls = {
  accountYearsList: defineCall({
    path: 'account/years/list',
    body: accountYearsListBodySchema,
    response: accountYearsListResponseSchema,
    access: 'client',
    summary: 'Every tax year the session client has with the firm, newest first, with its status.',
  }),
  accountYearsGet: defineCall({
    path: 'account/years/get',
    body: accountYearsGetBodySchema,
    response: accountYearsGetResponseSchema,
    access: 'client',
    summary:
      "One of the session client's tax years: status, summaries, signed documents, invoices, uploads, checklist.",
  }),
  accountYearsReturn: defineCall({
    path: 'account/years/return',
    body: accountYearsReturnBodySchema,
    response: yearLinkResponseSchema,
    access: 'client',
    summary: 'A short-lived link to a filed return (needs a fresh step-up).',
  }),
  accountYearsZip: defineCall({
    path: 'account/years/zip',
    body: accountYearsZipBodySchema,
    response: yearLinkResponseSchema,
    access: 'client',
    summary: 'A short-lived link to the whole tax year as one ZIP (needs a fresh step-up).',
  }),
};
