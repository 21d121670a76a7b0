import { CALLS } from '@taxfirm/contract';
import { eq, siteSettings } from '@taxfirm/db';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/helpers.ts';
import { registerCall } from '../../lib/register-call.ts';
import { getSettingsRow, publicSettingsOf } from './settings.service.ts';

const t = useTestApp();

/** What the regular path (registerCall, the answer serialised per request) sends for the stored settings. */
async function regularAnswer(): Promise<string> {
  const settings = publicSettingsOf(await getSettingsRow({ db: t.database.db }));
  const plain = Fastify();
  plain.setValidatorCompiler(validatorCompiler);
  plain.setSerializerCompiler(serializerCompiler);
  // registerCall asks every request whether it is multipart, as in the app.
  await plain.register(multipart);
  registerCall(plain, CALLS.getSettings, async () => ({ data: [settings] }));
  try {
    const res = await plain.inject({ method: 'POST', url: '/api/settings/getsettings', payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  } finally {
    await plain.close();
  }
}

/** The headers of an answer, but those that differ on every request or with the body's length. */
const steadyHeaders = (headers: Record<string, unknown>) => {
  const { date: _date, 'x-request-id': _id, 'content-length': _length, ...rest } = headers;
  return rest;
};

describe('settings/getsettings answers a text serialised once per settings change', () => {
  it('sends the same bytes and headers as the regular path', async () => {
    const res = await t.post('/api/settings/getsettings', {});
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(await regularAnswer());
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
    // The same headers as a call of the same access answered by the regular path (settings/taxyears).
    const regular = await t.post('/api/settings/taxyears', {});
    expect(steadyHeaders(res.headers)).toEqual(steadyHeaders(regular.headers));
    // And again from the kept text: the same bytes.
    expect((await t.post('/api/settings/getsettings', {})).body).toBe(res.body);
  });

  it('answers a new text after a settings change, the regular path’s for the new settings', async () => {
    const before = (await t.post('/api/settings/getsettings', {})).body;
    await t.database.db
      .update(siteSettings)
      .set({ firmName: 'Meridian & Daughters', currentTaxYear: 2026 })
      .where(eq(siteSettings.singleton, true));
    await vi.waitFor(
      async () => {
        const after = (await t.post('/api/settings/getsettings', {})).body;
        expect(after).not.toBe(before);
        expect(JSON.parse(after).data[0]).toMatchObject({
          firm_name: 'Meridian & Daughters',
          current_tax_year: 2026,
        });
      },
      { timeout: 2000, interval: 20 },
    );
    expect((await t.post('/api/settings/getsettings', {})).body).toBe(await regularAnswer());
  });
});
