/**
 * The firm's documents to sign kept once (issue 36): admins keep a PDF; a bulk action puts it up for each
 * file's taxpayer (told once), never twice while one waits; removing it leaves what was sent.
 */
import { randomUUID } from 'node:crypto';
import { CALLS, MESSAGES } from '@taxfirm/contract';
import { and, emailOutbox, eq, signatureDocuments, signatureTemplates } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedFirm, type Firm } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { samplePdf } from '../../../test/files.ts';
import { makeTestPdf } from '../../../test/pdf-text.ts';
import { sweepOrphans } from '../../lib/storage/orphan-sweeper.ts';
import { uploadKeyPrefix } from '../../lib/storage/upload-prefix.ts';
import { runBulkPass } from '../bulk/bulk-runner.ts';
import { keyring } from '../bulk/testing/bulk-kit.ts';
import type { FirmVoice } from '../notifications/client-events.ts';
import { createSettingsCache } from '../settings/settings.cache.ts';
import { createForm } from './testing/signing-kit.ts';

const t = useTestApp();
let firm: Firm;
let voice: FirmVoice;

beforeAll(async () => {
  firm = await seedFirm(t, { tag: 'sigtpl', status: 'Docs Upload Pending' });
  voice = { firm: await (await createSettingsCache(t.database)).firm(), appUrl: 'http://localhost:3000' };
});

const saveTemplate = async (sid: string, fields: Record<string, string>, bytes: Buffer) =>
  t.postFormAs(
    sid,
    '/api/staff/signatures/templates/save',
    createForm(fields, [{ field: 'document', bytes }]),
  );
const documentsOf = (clientId: string) =>
  t.database.db.select().from(signatureDocuments).where(eq(signatureDocuments.clientId, clientId));
const signMails = async (email: string) =>
  (
    await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email), eq(emailOutbox.subject, 'A document is ready for you to sign')))
  ).length;
const runAll = async () => {
  while ((await runBulkPass(t.database.db, { voice, keyring, storage: t.storage })) > 0);
};

describe('staff/signatures/templates and the "send a document to sign" file action', () => {
  let templateId = '';

  it('lets admins keep a PDF with its kind and title; analysts only read the list', async () => {
    const pdf = await makeTestPdf(2, 'Engagement');
    expect(
      (await saveTemplate(firm.analyst.sid, { kind: 'engagement', title: 'Letter' }, pdf)).statusCode,
    ).toBe(403);
    // A file that is a PDF by its bytes but that cannot be read: refused now, never skipped on every file later.
    const unreadable = await saveTemplate(
      firm.admin.sid,
      { kind: 'engagement', title: 'Broken' },
      samplePdf(5000),
    );
    expect(unreadable.statusCode).toBe(422);
    expect(unreadable.json().status_smessage).toBe(MESSAGES.SIGNATURE_PDF_UNREADABLE);
    const noFile = await t.postFormAs(
      firm.admin.sid,
      '/api/staff/signatures/templates/save',
      createForm({ kind: 'engagement', title: 'No file' }, []),
    );
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().status_smessage).toBe(MESSAGES.SIGNATURE_PDF_ONLY);
    const gone = await t.postAs(firm.admin.sid, '/api/staff/signatures/templates/remove', {
      template_id: randomUUID(),
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().status_smessage).toBe(MESSAGES.SIGNATURE_TEMPLATE_NOT_FOUND);
    const untitled = await saveTemplate(firm.admin.sid, { kind: 'engagement', title: '' }, pdf);
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().status_smessage).toBe(MESSAGES.SIGNATURE_TITLE_REQUIRED);
    const res = await saveTemplate(
      firm.admin.sid,
      { kind: 'engagement', title: 'Engagement letter 2025' },
      pdf,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status_smessage).toBe(MESSAGES.SIGNATURE_TEMPLATE_SAVED);
    const listed = await t.postAs(firm.analyst.sid, '/api/staff/signatures/templates/list', {});
    expect(listed.json().templates).toMatchObject([
      {
        kind: 'engagement',
        title: 'Engagement letter 2025',
        original_name: 'document.pdf',
        size: pdf.length,
      },
    ]);
    templateId = listed.json().templates[0].template_id;
  });

  it('puts it up for each chosen taxpayer once, told by one e-mail; a second job skips files where it waits', async () => {
    const start = () =>
      t.postAs(firm.admin.sid, '/api/staff/bulk/start', {
        request_id: randomUUID(),
        taxy: firm.taxYear,
        action: { kind: 'signature', signature_template_id: templateId },
        selection: { client_ids: [firm.asha.clientId, firm.ravi.clientId] },
      });
    const first = await start();
    expect(first.statusCode, first.body).toBe(200);
    await runAll();
    const job = (
      await t.postAs(firm.admin.sid, '/api/staff/bulk/status', { job_id: first.json().job_id })
    ).json().jobs[0];
    expect(job).toMatchObject({ summary: 'Send "Engagement letter 2025" to sign', done: 2, skipped: 0 });
    for (const client of [firm.asha, firm.ravi]) {
      const [doc, ...more] = await documentsOf(client.clientId);
      expect(more).toEqual([]);
      expect(doc).toMatchObject({ kind: 'engagement', title: 'Engagement letter 2025', status: 'pending' });
    }
    expect(await signMails('asha.sigtpl@example.com')).toBe(1);

    const second = await start();
    await runAll();
    const again = (
      await t.postAs(firm.admin.sid, '/api/staff/bulk/status', { job_id: second.json().job_id })
    ).json().jobs[0];
    expect(again).toMatchObject({ done: 0, skipped: 2 });
    expect(again.problems.map((p: { reason: string }) => p.reason)).toEqual([
      MESSAGES.FILE_ACTION_SIGNATURE_OPEN,
      MESSAGES.FILE_ACTION_SIGNATURE_OPEN,
    ]);
    expect(await documentsOf(firm.asha.clientId)).toHaveLength(1);
    expect(await signMails('asha.sigtpl@example.com')).toBe(1);
  });

  it('skips, for an analyst, a file they may not work, without copying the PDF or e-mailing its client', async () => {
    const copies = async () => {
      const keys: string[] = [];
      for await (const object of t.storage.list(uploadKeyPrefix(CALLS.staffSignaturesCreate)))
        keys.push(object.key);
      return keys.length;
    };
    const before = await copies();
    const res = await t.postAs(firm.analyst.sid, '/api/staff/bulk/start', {
      request_id: randomUUID(),
      taxy: firm.taxYear,
      action: { kind: 'signature', signature_template_id: templateId },
      // Ravi's file is the other analyst's.
      selection: { client_ids: [firm.ravi.clientId] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await runAll();
    const job = (
      await t.postAs(firm.analyst.sid, '/api/staff/bulk/status', { job_id: res.json().job_id })
    ).json().jobs[0];
    expect(job).toMatchObject({ done: 0, skipped: 1, problems: [{ client_id: null, outcome: 'skipped' }] });
    expect(await copies()).toBe(before);
    expect(await signMails('ravi.sigtpl@example.com')).toBe(1);
  });

  it('refuses an unknown template when the job starts, and removing one leaves the sent documents their file', async () => {
    const unknown = await t.postAs(firm.admin.sid, '/api/staff/bulk/start', {
      request_id: randomUUID(),
      taxy: firm.taxYear,
      action: { kind: 'signature', signature_template_id: randomUUID() },
      selection: { client_ids: [firm.asha.clientId] },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().status_smessage).toBe(MESSAGES.SIGNATURE_TEMPLATE_NOT_FOUND);

    const [sent] = await documentsOf(firm.asha.clientId);
    const [template] = await t.database.db.select().from(signatureTemplates);
    // Each document owns a copy of the kept PDF.
    expect(sent?.storageKey).not.toBe(template?.storageKey);
    expect(sent?.sha256).toBe(template?.sha256);
    const sweep = () =>
      sweepOrphans({
        db: t.database.db,
        storage: t.storage,
        log: t.app.log,
        now: new Date(Date.now() + 60_000),
        graceMs: 0,
        prefixes: [uploadKeyPrefix(CALLS.staffSignatureTemplatesSave)],
      });
    // Kept while the template is: the sweeper, with no grace at all, leaves it.
    expect((await sweep()).removed).toEqual([]);
    const removed = await t.postAs(firm.admin.sid, '/api/staff/signatures/templates/remove', {
      template_id: templateId,
    });
    expect(removed.json()).toMatchObject({
      status_smessage: MESSAGES.SIGNATURE_TEMPLATE_REMOVED,
      templates: [],
    });
    // Removed: its PDF goes with the next sweep; the copies sent stay.
    expect((await sweep()).removed).toEqual([template?.storageKey]);
    expect((await t.storage.get(sent?.storageKey ?? '')).readable).toBe(true);
  });
});
