/**
 * The bulk runner across instances (PostgreSQL: several connections): two runners at once never do a file
 * twice, and a job whose file an instance was doing when it was killed resumes, with each client e-mailed once.
 */
import { randomUUID } from 'node:crypto';
import { and, auditLog, bulkJobItems, eq, sql } from '@taxfirm/db';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignFiling } from '../../../test/factories.ts';
import { signUpAndLogIn, type ClientSession } from '../../../test/helpers.ts';
import { admin, t, taxYear, useSeededFirm } from '../../../test/seeded-firm-kit.ts';
import { urlOf } from '../audit/testing/chain-kit.ts';
import type { FirmVoice } from '../notifications/client-events.ts';
import { createSettingsCache } from '../settings/settings.cache.ts';
import { runBulkPass } from './bulk-runner.ts';
import { keyring, mailsTo } from './testing/bulk-kit.ts';

useSeededFirm({ tag: 'bulk-pg' });
let voice: FirmVoice;
const files: ClientSession[] = [];

beforeAll(async () => {
  voice = { firm: await (await createSettingsCache(t.database)).firm(), appUrl: 'http://localhost:3000' };
  for (let i = 0; i < 6; i += 1) {
    files.push(
      await signUpAndLogIn(t, `bulkpg${i}@example.com`, { first: 'Bulk', last: `Client${'abcdef'[i]}` }),
    );
  }
});

/** A status job over `chosen`, moving them from Interview Pending to Docs Upload Pending. */
async function statusJob(chosen: ClientSession[]): Promise<string> {
  for (const client of chosen) await assignFiling(t, client, null, 'Interview Pending');
  const res = await t.postAs(admin.sid, '/api/staff/bulk/start', {
    request_id: randomUUID(),
    taxy: taxYear,
    action: { kind: 'status', status: 'Docs Upload Pending', comment: 'Interview done' },
    selection: { client_ids: chosen.map((c) => c.clientId) },
  });
  expect(res.statusCode).toBe(200);
  return res.json().job_id as string;
}

const outcomes = async (jobId: string) =>
  (
    await t.database.db
      .select({ outcome: bulkJobItems.outcome })
      .from(bulkJobItems)
      .where(eq(bulkJobItems.jobId, jobId))
      .orderBy(bulkJobItems.position)
  ).map((row) => row.outcome);

describe('the bulk runner on several instances', () => {
  it('two runners at once do every file exactly once: one e-mail and one audit row per client', async () => {
    const chosen = files.slice(0, 4);
    const before = await Promise.all(chosen.map((c) => mailsTo(t, c)));
    const jobId = await statusJob(chosen);
    const [a, b] = await Promise.all([
      runBulkPass(t.database.db, { voice, keyring, storage: t.storage }),
      runBulkPass(t.database.db, { voice, keyring, storage: t.storage }),
    ]);
    expect((a ?? 0) + (b ?? 0)).toBe(4);
    expect(await outcomes(jobId)).toEqual(['done', 'done', 'done', 'done']);
    const sent = (await Promise.all(chosen.map((c) => mailsTo(t, c)))).map((n, i) => n - (before[i] ?? 0));
    expect(sent).toEqual([1, 1, 1, 1]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.bulk.file'), sql`${auditLog.subject} like ${`${jobId}%`}`));
    expect(audits).toHaveLength(4);
  });

  it('a file an instance held when it was killed stays pending; the job resumes and finishes it, e-mailing once', async () => {
    const chosen = files.slice(4, 6);
    const before = await Promise.all(chosen.map((c) => mailsTo(t, c)));
    const jobId = await statusJob(chosen);
    // Another instance is in the middle of the first file: it holds the file's row in an open transaction.
    const instance = new pg.Client({ connectionString: await urlOf(t.database) });
    await instance.connect();
    try {
      await instance.query('begin');
      await instance.query('select 1 from bulk_job_items where job_id = $1 and position = 1 for update', [
        jobId,
      ]);
      expect(await runBulkPass(t.database.db, { voice, keyring, storage: t.storage })).toBe(1);
      expect(await outcomes(jobId)).toEqual([null, 'done']);
      // The instance is killed: its transaction never commits.
      await instance.query('rollback');
    } finally {
      await instance.end();
    }
    expect(await runBulkPass(t.database.db, { voice, keyring, storage: t.storage })).toBe(1);
    expect(await outcomes(jobId)).toEqual(['done', 'done']);
    const sent = (await Promise.all(chosen.map((c) => mailsTo(t, c)))).map((n, i) => n - (before[i] ?? 0));
    expect(sent).toEqual([1, 1]);
  });
});
