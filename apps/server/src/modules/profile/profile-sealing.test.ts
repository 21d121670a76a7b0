import { dependents, eq, spouses, taxpayerProfiles } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ClientSession as Session,
  signUpAndLogIn,
  stepUpSession,
  TEST_ENCRYPTION_KEY,
  useTestApp,
} from '../../../test/helpers.ts';
import { TAXPAYER as TAXPAYER_SAMPLE } from '../../../test/samples.ts';
import { createKeyring, DecryptionError } from '../../lib/crypto/keyring.ts';
import { identityNumberContext } from './profile.service.ts';
import { openIdentityNumber } from './identity-numbers.ts';

const t = useTestApp();
let asha: Session;
let ravi: Session;
/** The keyring the test app seals with. */
const keyring = createKeyring(TEST_ENCRYPTION_KEY);
beforeAll(async () => {
  asha = await signUpAndLogIn(t, 'asha.sealing@example.com', { first: 'Asha', last: 'Rao' });
  ravi = await signUpAndLogIn(t, 'ravi.sealing@example.com', { first: 'Ravi', last: 'Kumar' });
});

const TAXPAYER = { unique_code: 'x', ...TAXPAYER_SAMPLE, email: 'asha.sealing@example.com' };

/** A profile save, which the test expects to succeed. */
async function save(who: Session, call: string, body: unknown) {
  const res = await t.postAs(who.sid, `/api/user/${call}`, body);
  expect(res.statusCode, res.body).toBe(200);
}
const reveal = (clientId: string, ref: Parameters<typeof openIdentityNumber>[2]) =>
  openIdentityNumber({ db: t.database.db, keyring }, clientId, ref);

async function sealedTaxpayerNumber(clientId: string) {
  const [row] = await t.database.db
    .select({ sealed: taxpayerProfiles.ssnSealed })
    .from(taxpayerProfiles)
    .where(eq(taxpayerProfiles.clientId, clientId));
  if (!row?.sealed) throw new Error('no stored number');
  return row.sealed;
}

async function dependentRows(clientId: string) {
  return t.database.db
    .select({ id: dependents.id, sealed: dependents.ssnSealed })
    .from(dependents)
    .where(eq(dependents.clientId, clientId))
    .orderBy(dependents.position);
}

describe('identity numbers are bound to their row (F-16)', () => {
  it("F-16: a number copied to another client's row, or to another row of the same client, does not open", async () => {
    await save(asha, 'savetaxpayer', { ...TAXPAYER, ssnitin: '912-70-1234' });
    await save(asha, 'savespouse', { first_name: 'Vik', last_name: 'Rao', ssn: '987-65-4321' });
    await save(asha, 'savedependents', {
      dependentinfo: [
        { first_name: 'Anika', last_name: 'Rao', ssn: '111-22-3333' },
        { first_name: 'Dev', last_name: 'Rao', ssn: '944-55-6666' },
      ],
    });
    await save(ravi, 'savetaxpayer', {
      ...TAXPAYER,
      first_name: 'Ravi',
      last_name: 'Kumar',
      ssnitin: '555-12-3456',
    });
    // Each opens where it was sealed.
    expect(await reveal(asha.clientId, { section: 'taxpayer' })).toBe('912-70-1234');
    expect(await reveal(asha.clientId, { section: 'spouse' })).toBe('987-65-4321');
    expect(await reveal(asha.clientId, { section: 'dependent', index: 1 })).toBe('944-55-6666');
    expect(await reveal(ravi.clientId, { section: 'taxpayer' })).toBe('555-12-3456');

    const ashas = await sealedTaxpayerNumber(asha.clientId);
    // Someone with write access to the database copies Asha's sealed number into Ravi's row…
    await t.database.db
      .update(taxpayerProfiles)
      .set({ ssnSealed: ashas })
      .where(eq(taxpayerProfiles.clientId, ravi.clientId));
    await expect(reveal(ravi.clientId, { section: 'taxpayer' })).rejects.toBeInstanceOf(DecryptionError);
    // …or into her spouse's row…
    await t.database.db.update(spouses).set({ ssnSealed: ashas }).where(eq(spouses.clientId, asha.clientId));
    await expect(reveal(asha.clientId, { section: 'spouse' })).rejects.toBeInstanceOf(DecryptionError);
    // …or one dependent's number onto another dependent.
    const [anika, dev] = await dependentRows(asha.clientId);
    if (!anika || !dev) throw new Error('expected two dependents');
    await t.database.db.update(dependents).set({ ssnSealed: anika.sealed }).where(eq(dependents.id, dev.id));
    await expect(reveal(asha.clientId, { section: 'dependent', id: dev.id })).rejects.toBeInstanceOf(
      DecryptionError,
    );
    // …or a whole dependent's row (id and all) moved to another client.
    /** Moves the dependent's row `id` (sealed number and all) to the client `clientId`, first in their list. */
    const moveDependent = (id: string, clientId: string) =>
      t.database.db.update(dependents).set({ clientId, position: 0 }).where(eq(dependents.id, id));
    await moveDependent(anika.id, ravi.clientId);
    await expect(reveal(ravi.clientId, { section: 'dependent', id: anika.id })).rejects.toBeInstanceOf(
      DecryptionError,
    );
    await moveDependent(anika.id, asha.clientId);
    // Through the call, the client gets a plain error, never the other number.
    await stepUpSession(t, ravi.sid);
    const res = await t.postAs(ravi.sid, '/api/account/revealssn', { section: 'taxpayer' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('1234');
    // Where it was sealed, Asha's still opens.
    expect(await reveal(asha.clientId, { section: 'taxpayer' })).toBe('912-70-1234');
  });

  it('F-16: a number sealed before the binding still opens, and is sealed again, bound, on the next save', async () => {
    // As numbers were sealed before: context 'ssn', bound to nothing.
    await t.database.db
      .update(taxpayerProfiles)
      .set({ ssnSealed: keyring.seal(Buffer.from('912701234'), 'ssn') })
      .where(eq(taxpayerProfiles.clientId, asha.clientId));
    const [anika] = await dependentRows(asha.clientId);
    if (!anika) throw new Error('expected a dependent');
    await t.database.db
      .update(dependents)
      .set({ ssnSealed: keyring.seal(Buffer.from('111223333'), 'ssn') })
      .where(eq(dependents.id, anika.id));
    expect(await reveal(asha.clientId, { section: 'taxpayer' })).toBe('912-70-1234');
    expect(await reveal(asha.clientId, { section: 'dependent', id: anika.id })).toBe('111-22-3333');

    // A save that leaves the numbers blank keeps them, now bound to their rows.
    await save(asha, 'savetaxpayer', { ...TAXPAYER, ssnitin: '' });
    await save(asha, 'savedependents', {
      dependentinfo: [{ id: anika.id, first_name: 'Anika', last_name: 'Rao', ssn: '' }],
    });
    const rebound = await sealedTaxpayerNumber(asha.clientId);
    expect(() => keyring.open(rebound, 'ssn')).toThrow(DecryptionError);
    expect(keyring.open(rebound, identityNumberContext('taxpayer_profiles', asha.clientId)).toString()).toBe(
      '912701234',
    );
    const [kept] = await dependentRows(asha.clientId);
    expect(kept?.id).toBe(anika.id);
    expect(
      keyring
        .open(kept?.sealed ?? '', identityNumberContext('dependents', asha.clientId, anika.id))
        .toString(),
    ).toBe('111223333');
    expect(await reveal(asha.clientId, { section: 'taxpayer' })).toBe('912-70-1234');
    expect(await reveal(asha.clientId, { section: 'dependent', id: anika.id })).toBe('111-22-3333');
    expect((await t.postAs(asha.sid, '/api/user/taxpayerinfo')).json().tinfo.ssnitin).toBe('***-**-1234');
  });
});
