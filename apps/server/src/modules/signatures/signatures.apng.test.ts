/**
 * S2-01 through HTTP: the APNG bomb (IHDR 1x1, one 8000x8000 frame) sent as a drawn signature to
 * account/signatures/sign is refused from its chunks: nothing decodes it, on the event loop or in the
 * sandbox, and another client's read answers meanwhile. Whether the answer is the drawing's 422 or the
 * unknown document's 404 depends on the order the service checks them in (its own business); either way
 * the drawing never reaches a decoder.
 */
import { randomUUID } from 'node:crypto';
import { loopStallDuring } from '../../../test/event-loop.ts';
import { MESSAGES } from '@taxfirm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apngBomb } from '../../../test/bombs.ts';
import { createTestApp, signUpAndLogIn, stepUpSession, type TestApp } from '../../../test/helpers.ts';
import { sandbox } from '../../lib/files/sandbox.ts';

let t: TestApp;
let mei: { sid: string };
let john: { sid: string };

beforeAll(async () => {
  t = await createTestApp();
  mei = await signUpAndLogIn(t, 'mei.apng@example.com', { first: 'Mei', last: 'Singh' });
  john = await signUpAndLogIn(t, 'john.apng@example.com', { first: 'John', last: 'Doe' });
  await stepUpSession(t, mei.sid);
});
afterAll(async () => {
  await t.close();
});

describe('account/signatures/sign with the APNG bomb as the drawing', () => {
  it('refuses it without decoding it, while the event loop stays responsive', async () => {
    const started = sandbox().jobsStarted;
    const stall = await loopStallDuring(() =>
      Promise.all([
        t.postAs(mei.sid, '/api/account/signatures/sign', {
          document_id: randomUUID(),
          code: '123456',
          agree: true,
          signature: { kind: 'drawn', png: `data:image/png;base64,${apngBomb(8000).toString('base64')}` },
        }),
        t.postAs(john.sid, '/api/user/taxpayerinfo'),
      ]),
    );
    const [res, read] = stall.result;
    expect(stall.samples).toBeGreaterThan(0);
    expect(
      [
        [422, MESSAGES.SIGNATURE_DRAWING_REQUIRED],
        [404, MESSAGES.SIGNATURE_NOT_FOUND],
      ].some(([status, message]) => res.statusCode === status && res.json().status_smessage === message),
      res.body,
    ).toBe(true);
    expect(read.statusCode).toBe(200);
    expect(sandbox().jobsStarted).toBe(started);
    // pdf-lib decoded this frame on the event loop for seconds before (S2-01's 6.3 s).
    expect(stall.maxMs).toBeLessThan(stall.budgetMs);
  });
});
