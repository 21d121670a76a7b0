/**
 * A read's refresh of My work's candidates while another refresh holds the lock (two connections: PostgreSQL
 * only). It waits `waitMs`, then answers null (the caller reads the kept rows as they are); the files stay
 * marked, and the next refresh consumes them.
 */
import { filings, sql, workStale } from '@taxfirm/db';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { asha, filingOf, t, useSeededFirm } from '../../../test/seeded-firm-kit.ts';
import { urlOf } from '../audit/testing/chain-kit.ts';
import { refreshWorkCandidates } from './work-candidates.ts';

useSeededFirm({ tag: 'work-lock', status: 'Review Pending' });

describe('refreshWorkCandidates while another refresh runs', () => {
  it('gives up after waitMs, leaving the marks for the next refresh', async () => {
    await refreshWorkCandidates(t.database.db);
    const filing = await filingOf(asha);
    await t.database.db
      .update(filings)
      .set({ dueOn: '2030-01-02', dueReason: 'Test' })
      .where(sql`${filings.id} = ${filing.id}`);

    const holder = new pg.Client({ connectionString: await urlOf(t.database) });
    await holder.connect();
    try {
      await holder.query(`select pg_advisory_lock(hashtext('work_candidates'))`);
      const started = performance.now();
      expect(await refreshWorkCandidates(t.database.db, { waitMs: 200 })).toBeNull();
      expect(performance.now() - started).toBeGreaterThanOrEqual(150);
    } finally {
      await holder.end();
    }
    const marked = await t.database.db
      .select()
      .from(workStale)
      .where(sql`${workStale.filingId} = ${filing.id}`);
    expect(marked.length).toBeGreaterThan(0);
    expect(await refreshWorkCandidates(t.database.db, { waitMs: 200 })).toBe(1);
  });
});
