import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { staffSignaturesCreateFieldsSchema } from './signatures.staff.schemas.ts';

const fields = {
  client_id: '6f1c2b9e-8d4a-4e21-9c3b-2a7d5e8f9a10',
  taxy: '2025',
  kind: '8879',
  title: 'Form 8879 for 2025',
  signers: 'both',
  spouse_name: 'Priya Kumar',
  spouse_email: 'priya@example.com',
};
const place = { page: 0, x: 0.5, y: 0.5 };
const messageOf = (input: unknown) => {
  const result = staffSignaturesCreateFieldsSchema.safeParse(input);
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};

describe('staff/signatures/create fields', () => {
  it('refuses a NUL in the spouse’s e-mail with the NUL message', () => {
    expect(messageOf({ ...fields, spouse_email: 'priya\u0000@example.com' })).toContain(MESSAGES.TEXT_NUL);
  });

  it('answers every bad position with the placement message, never a generic one', () => {
    const bad = [
      { taxpayer: { signature: { ...place, x: 2 }, date: place } },
      { taxpayer: { signature: { ...place, page: -1 }, date: place } },
      { taxpayer: { signature: { ...place, page: 1.5 }, date: place } },
      { taxpayer: { signature: { ...place, y: 'top' }, date: place } },
      { taxpayer: { signature: place } },
      { spouse: 'here' },
      [],
    ];
    for (const placements of bad) {
      const messages = messageOf({ ...fields, placements: JSON.stringify(placements) });
      expect(messages, JSON.stringify(placements)).toEqual([MESSAGES.SIGNATURE_PLACEMENT_INVALID]);
    }
    expect(messageOf({ ...fields, placements: '{not json' })).toEqual([MESSAGES.SIGNATURE_PLACEMENT_INVALID]);
    expect(
      messageOf({ ...fields, placements: JSON.stringify({ taxpayer: { signature: place, date: place } }) }),
    ).toBeNull();
  });
});
