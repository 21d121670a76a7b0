import { defineCall } from '../call.ts';
import { emptyBodySchema, envelopeSchema } from '../common.ts';
import {
  dependentInfoResponseSchema,
  employerInfoResponseSchema,
  saveDependentsBodySchema,
  saveEmployersBodySchema,
  spouseBodySchema,
  spouseInfoResponseSchema,
  taxpayerBodySchema,
  taxpayerInfoResponseSchema,
  revealSsnBodySchema,
  revealSsnResponseSchema,
} from './profile.schemas.ts';

export const profileCalls = {
  taxpayerInfo: defineCall({
    path: 'user/taxpayerinfo',
    body: emptyBodySchema,
    response: taxpayerInfoResponseSchema,
    access: 'client',
    summary: "The session's taxpayer profile (tinfo).",
  }),
  saveTaxpayer: defineCall({
    path: 'user/savetaxpayer',
    body: taxpayerBodySchema,
    response: envelopeSchema,
    access: 'client',
    summary: "Save the session's taxpayer profile.",
  }),
  spouseInfo: defineCall({
    path: 'user/spouseinfo',
    body: emptyBodySchema,
    response: spouseInfoResponseSchema,
    access: 'client',
    summary: "The session's spouse (sinfo).",
  }),
  saveSpouse: defineCall({
    path: 'user/savespouse',
    body: spouseBodySchema,
    response: envelopeSchema,
    access: 'client',
    summary: "Save the session's spouse.",
  }),
  dependentInfo: defineCall({
    path: 'user/dependentinfo',
    body: emptyBodySchema,
    response: dependentInfoResponseSchema,
    access: 'client',
    summary: "The session's dependents (dinfo).",
  }),
  saveDependents: defineCall({
    path: 'user/savedependents',
    body: saveDependentsBodySchema,
    response: envelopeSchema,
    access: 'client',
    summary: "Replace the session's dependents (at most 6).",
  }),
  employerInfo: defineCall({
    path: 'user/employerinfo',
    body: emptyBodySchema,
    response: employerInfoResponseSchema,
    access: 'client',
    summary: "The session's employer entries (empinfo).",
  }),
  saveEmployer: defineCall({
    path: 'user/saveemployer',
    body: saveEmployersBodySchema,
    response: envelopeSchema,
    access: 'client',
    summary: "Replace the session's employer entries (at most 6).",
  }),
  revealSsn: defineCall({
    path: 'account/revealssn',
    body: revealSsnBodySchema,
    response: revealSsnResponseSchema,
    access: 'client',
    summary:
      "Show one of the session's own stored SSN/ITIN numbers in full; each reveal is written to the audit log.",
  }),
} as const;
