import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { staffDeliverablesSaveBodySchema } from './deliverables.staff.schemas.ts';

const CLIENT = '2f1d9a3e-5b7c-4d8e-9f0a-1b2c3d4e5f60';
const errorsOf = (body: Record<string, unknown>) => {
  const parsed = staffDeliverablesSaveBodySchema.safeParse({ client_id: CLIENT, ...body });
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('staff/deliverables/save fields', () => {
  it('takes a deliverable with a kind, and a due date with its reason', () => {
    expect(errorsOf({ kind: 'itr' })).toEqual({});
    expect(errorsOf({ kind: 'fbar', due_on: '2026-06-30', due_reason: 'Client asked' })).toEqual({});
    expect(errorsOf({ kind: 'federal', extended: true, due_on: null })).toEqual({});
  });

  it('refuses a date off the rule without its reason, and a date that does not exist', () => {
    expect(errorsOf({ kind: 'itr', due_on: '2026-10-31' })).toEqual({
      due_reason: MESSAGES.DELIVERABLE_DUE_REASON_REQUIRED,
    });
    expect(errorsOf({ kind: 'itr', due_on: '2026-02-30', due_reason: 'Audit case' })).toEqual({
      due_on: MESSAGES.DELIVERABLE_DUE_DATE_INVALID,
    });
    // Year 0 parses in JavaScript, but the database's date cannot hold it: refused here, not a 500 there.
    expect(errorsOf({ kind: 'itr', due_on: '0000-01-01', due_reason: 'Audit case' })).toEqual({
      due_on: MESSAGES.DELIVERABLE_DUE_DATE_INVALID,
    });
    expect(errorsOf({ kind: 'other', label: 'x'.repeat(81) })).toEqual({
      label: 'Must be at most 80 characters',
    });
    expect(errorsOf({ kind: 'itr', deliverable_id: 'not-an-id' })).toEqual({
      deliverable_id: MESSAGES.DELIVERABLE_NOT_FOUND,
    });
  });

  it('asks a new state or other deliverable what it is, and refuses a kind it does not know', () => {
    expect(errorsOf({ kind: 'state' })).toEqual({ label: MESSAGES.DELIVERABLE_LABEL_REQUIRED });
    expect(errorsOf({ kind: 'other', label: '  ' })).toEqual({ label: MESSAGES.DELIVERABLE_LABEL_REQUIRED });
    expect(errorsOf({ kind: 'state', label: 'California' })).toEqual({});
    expect(errorsOf({ kind: 'gift-tax' })).toEqual({ kind: MESSAGES.DELIVERABLE_KIND_INVALID });
    expect(errorsOf({ kind: 'itr', status: 'done' })).toEqual({
      status: MESSAGES.DELIVERABLE_STATUS_INVALID,
    });
    expect(errorsOf({ kind: 'federal', extended: 'yes' })).toEqual({ extended: MESSAGES.INVALID_REQUEST });
    expect(errorsOf({ kind: 'itr', owner_id: 'nobody' })).toEqual({ owner_id: MESSAGES.ANALYST_INVALID });
    expect(errorsOf({ kind: 'itr', due_on: 20260731, due_reason: 'x' })).toEqual({
      due_on: MESSAGES.DELIVERABLE_DUE_DATE_INVALID,
    });
  });
});
