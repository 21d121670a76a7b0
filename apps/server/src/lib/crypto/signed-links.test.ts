import { describe, expect, it } from 'vitest';
import { createLinkSigner, createStaffLinkSigner, LINK_TTL_MS } from './signed-links.ts';

const ID = '0b9ac1f4-3c0e-4f43-9d39-5d2b0f1c9e11';
const USER = '8d3c2a8e-1f0b-4c1e-9a57-3f8e1b2c4d5e';

describe('signed download links', () => {
  const signer = createLinkSigner('a session secret of enough length 0123456789');

  it('open what they name, for whom, until they expire', () => {
    const now = 1_800_000_000_000;
    const token = signer.sign({ k: 'document', id: ID, u: USER }, now);
    expect(signer.verify(token, now + LINK_TTL_MS - 1)).toEqual({
      k: 'document',
      id: ID,
      u: USER,
      exp: now + LINK_TTL_MS,
    });
    expect(signer.verify(token, now + LINK_TTL_MS)).toBeNull();
  });

  it('refuse a token altered in any part, or signed with another secret', () => {
    const token = signer.sign({ k: 'summary', id: ID, u: USER });
    const [data = '', mac = ''] = token.split('.');
    const other = JSON.parse(Buffer.from(data, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...other, u: ID })).toString('base64url');
    expect(signer.verify(`${forged}.${mac}`)).toBeNull();
    expect(signer.verify(`${data}.${mac.slice(0, -1)}x`)).toBeNull();
    expect(signer.verify(`${data}.${mac}.extra`)).toBeNull();
    expect(signer.verify('')).toBeNull();
    expect(createLinkSigner('another secret entirely 0123456789').verify(token)).toBeNull();
  });

  it("keep the portal's links and the staff console's apart: neither opens with the other's key", () => {
    const secret = 'a session secret of enough length 0123456789';
    const staff = createStaffLinkSigner(secret);
    const portal = createLinkSigner(secret);
    const staffToken = staff.sign({ k: 'document', id: ID, u: USER });
    const portalToken = portal.sign({ k: 'document', id: ID, u: USER });
    expect(staff.verify(staffToken)).toMatchObject({ k: 'document', id: ID, u: USER });
    expect(portal.verify(staffToken)).toBeNull();
    expect(staff.verify(portalToken)).toBeNull();
    expect(staff.verify(staff.sign({ k: 'zip', id: ID, u: USER }))).toMatchObject({ k: 'zip' });
  });
});
