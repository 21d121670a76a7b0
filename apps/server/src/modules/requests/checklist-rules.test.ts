import { describe, expect, it } from 'vitest';
import { indiaTiesOf } from './checklist-suggestions.ts';
import { progressOf } from './requests.service.ts';

/** The checklist's rules that need no database: which India items a client is asked, and the progress. */
describe('indiaTiesOf', () => {
  it('asks India items of a client with an Indian phone, but Form 16 only of one who lived there', () => {
    const none = {
      registrationPhoneExt: 'US',
      phoneExt: null,
      country: null,
      timeZone: null,
      clientLocation: null,
    };
    expect(indiaTiesOf(none)).toEqual({ ties: false, livedThere: false });
    expect(indiaTiesOf({ ...none, registrationPhoneExt: 'INDIA' })).toEqual({
      ties: true,
      livedThere: false,
    });
    expect(indiaTiesOf({ ...none, phoneExt: 'INDIA' })).toEqual({ ties: true, livedThere: false });
    expect(indiaTiesOf({ ...none, timeZone: 'IST' })).toEqual({ ties: true, livedThere: true });
    expect(indiaTiesOf({ ...none, clientLocation: 'Pune, India' })).toEqual({ ties: true, livedThere: true });
    expect(indiaTiesOf({ ...none, clientLocation: 'Indianapolis' })).toEqual({
      ties: false,
      livedThere: false,
    });
  });
});

describe('progressOf', () => {
  it('counts required items that apply; complete when every one is accepted', () => {
    expect(progressOf([])).toEqual({ open: 0, to_review: 0, accepted: 0, required: 0, complete: false });
    const items = [
      { status: 'accepted', required: true },
      { status: 'not_applicable', required: true },
      { status: 'uploaded', required: false },
      { status: 'requested', required: false },
      { status: 'rejected', required: true, removedAt: new Date() },
    ] as const;
    expect(progressOf(items)).toEqual({ open: 0, to_review: 1, accepted: 1, required: 1, complete: true });
    expect(progressOf([...items, { status: 'later', required: true }])).toEqual({
      open: 1,
      to_review: 1,
      accepted: 1,
      required: 2,
      complete: false,
    });
  });
});
