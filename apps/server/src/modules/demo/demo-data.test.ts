import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FILE_STATUSES } from '@taxfirm/contract';
import {
  and,
  automationRuns,
  clients,
  count,
  documents,
  eq,
  filings,
  organizerAnswers,
  users,
} from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  stepUpSession,
  staffSession,
  TEST_ENCRYPTION_KEY,
  useTestApp,
  type TestApp,
} from '../../../test/helpers.ts';
import { createKeyring } from '../../lib/crypto/keyring.ts';
import { verifyPassword } from '../../lib/crypto/passwords.ts';
import { createSession } from '../accounts/sessions.service.ts';
import { DemoRefusedError, seedDemoData, type DemoResult } from './demo-data.ts';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

const t: TestApp = useTestApp();
let seeded: DemoResult;

const seed = (options: { isProduction?: boolean; clients?: number } = {}) =>
  seedDemoData(
    {
      db: t.database.db,
      keyring: createKeyring(TEST_ENCRYPTION_KEY),
      storage: t.storage,
      isProduction: options.isProduction ?? false,
      appUrl: 'http://localhost:3000',
    },
    { clients: options.clients ?? 200 },
  );

beforeAll(async () => {
  seeded = await seed();
}, 180_000);

describe('demo data (npm run db:seed)', () => {
  it('makes 200 clients in every file status over the current and the previous tax year', async () => {
    const current = seeded.currentTaxYear;
    expect(seeded.counts['clients']).toBe(200);
    expect(seeded.counts['staff']).toBe(4);
    const statuses = await t.database.db
      .selectDistinct({ status: filings.status })
      .from(filings)
      .where(eq(filings.taxYear, current));
    expect(statuses.map((s) => s.status).sort()).toEqual([...FILE_STATUSES].sort());
    const years = await t.database.db.selectDistinct({ year: filings.taxYear }).from(filings);
    expect(years.map((y) => y.year).sort()).toEqual([current - 1, current]);
    for (const table of [
      'documents',
      'tax summaries',
      'invoices',
      'payments',
      'messages',
      'referrals',
      'deliverables',
      'organizers',
    ]) {
      expect(seeded.counts[table], table).toBeGreaterThan(0);
    }
  });

  it("offers an India-linked client last year's organizer and shows staff its FBAR and PFIC findings", async () => {
    const [old] = await t.database.db
      .select({ clientId: organizerAnswers.clientId })
      .from(organizerAnswers)
      .where(eq(organizerAnswers.taxYear, seeded.currentTaxYear - 1))
      .limit(1);
    if (!old) throw new Error('no organizer seeded');
    const admin = await staffSession(t, 'organizer.lead@firm.test', 'admin');
    const last = await t.postAs(admin.sid, '/api/staff/organizer/get', {
      client_id: old.clientId,
      taxy: seeded.currentTaxYear - 1,
    });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().organizer.state).toBe('sent');
    expect(last.json().findings.pfic).toHaveLength(1);
    expect(last.json().findings.fbar.accounts).toHaveLength(2);
    expect(last.json().organizer.answers.pan).toMatch(/^••••••\d{3}[A-Z]$/);
    const now = await t.postAs(admin.sid, '/api/staff/organizer/get', { client_id: old.clientId });
    expect(now.json().organizer.last_year).toMatchObject({ visa: 'h1b', has_accounts: true });
  });

  it('answers the staff console client list with the demo clients, and the printed passwords sign in', async () => {
    const admin = await staffSession(t, 'lead@firm.test', 'admin');
    const list = await t.postAs(admin.sid, '/api/staff/clients/list', {});
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ recordsTotal: 200 });
    for (const member of seeded.staff) {
      const [user] = await t.database.db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.email, member.email));
      expect(await verifyPassword(user?.hash ?? '', member.password), member.email).toBe(true);
    }
    const login = await t.post('/api/login/check', {
      email: seeded.sampleClients[0]?.email,
      password: seeded.clientPassword,
    });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('gives the staff a realistic spread of waiting work in My work', async () => {
    const admin = await staffSession(t, 'work@firm.test', 'admin');
    const kindsOf = async (who: string) => {
      const res = await t.postAs(admin.sid, '/api/staff/work/counts', { who });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().counts as { kind: string; count: number }[])
        .filter((c) => c.count > 0)
        .map((c) => c.kind);
    };
    const analysts = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'analyst')));
    const seen = new Set<string>(await kindsOf('unassigned'));
    for (const analyst of analysts) for (const kind of await kindsOf(analyst.id)) seen.add(kind);
    expect([...seen].sort()).toEqual(
      expect.arrayContaining([
        'checklist_late',
        'deliverable_due',
        'file_idle',
        'file_unassigned',
        'invoice_past_due',
        'message_unanswered',
        'payment_received',
        'upload_review',
      ]),
    );
  });

  it("ships the firm's everyday automations, every one paused, and fires none of them while seeding", async () => {
    const admin = await staffSession(t, 'automations@firm.test', 'admin');
    const res = await t.postAs(admin.sid, '/api/staff/automations/list', {});
    expect(res.statusCode, res.body).toBe(200);
    const rules = res.json().rules as { name: string; status: string; paused: boolean; summary: string }[];
    expect(rules.map((r) => [r.status, r.summary])).toEqual([
      ['To Be Assigned', 'Assign in turn to Ravi Menon, Grace Miller, Kiran Iyer'],
      ['Basic Info Pending', 'Add the deliverable FBAR (FinCEN 114)'],
      ['Docs Upload Pending', 'Apply the checklist template "US individual"'],
      ['Docs Upload Pending', 'Apply the checklist template "NRI add-on"'],
      ['Review Pending', 'Send the canned message "We are reviewing your return"'],
      ['Payment Pending', 'Send an invoice for Federal return (Form 1040) ($250.00)'],
    ]);
    expect(rules.every((r) => r.paused)).toBe(true);
    const [runs] = await t.database.db.select({ n: count() }).from(automationRuns);
    expect(runs?.n).toBe(0);
  });

  it("opens a client's sealed identity number through the reveal call and downloads a stored document", async () => {
    const [client] = await t.database.db
      .select({ clientId: clients.id, userId: clients.userId })
      .from(clients)
      .innerJoin(documents, and(eq(documents.clientId, clients.id), eq(documents.category, 'W2')))
      .limit(1);
    if (!client) throw new Error('no demo client with a W-2');
    const session = await createSession(t.database.db, client.userId, { ip: '127.0.0.1', userAgent: 'test' });
    await stepUpSession(t, session.token);
    const reveal = await t.postAs(session.token, '/api/account/revealssn', { section: 'taxpayer' });
    expect(reveal.statusCode, reveal.body).toBe(200);
    // Area 9XX with group 93: shaped like a number, issued to no one.
    expect(reveal.json().ssn).toMatch(/^9\d\d-?93-?\d{4}$/);

    const listed = await t.postAs(session.token, '/api/upload/getuploaddocs', {
      folderPath: `${client.clientId}/W2/`,
    });
    const [file] = listed.json().data.Contents as { location: string }[];
    const download = await t.getAs(session.token, file?.location ?? '');
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses in production and on a database that already has clients', async () => {
    await expect(seed({ isProduction: true, clients: 1 })).rejects.toThrow(/NODE_ENV=production/);
    await expect(seed({ clients: 1 })).rejects.toThrow(DemoRefusedError);
    await expect(seed({ clients: 1 })).rejects.toThrow(/a new, empty folder/);
    const [row] = await t.database.db.select({ n: count() }).from(clients);
    expect(row?.n).toBe(200);
  });
});

describe('npm run db:seed as a command', () => {
  const run = (dataDir: string, nodeEnv: string, ...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/db-seed.ts', ...args], {
      cwd: ROOT,
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: nodeEnv },
      encoding: 'utf8',
    });

  it('fills an empty DATA_DIR, prints the counts and the logins, then refuses a second run; bad input is refused', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'taxfirm-seed-'));
    try {
      const made = run(dataDir, 'development', '--clients', '10');
      expect(made.status, made.stderr).toBe(0);
      expect(made.stdout).toMatch(/clients\s+10\n/);
      expect(made.stdout).toMatch(/admin\s+admin@demo\.example\s+password: \S{16}\n/);
      expect(made.stdout).toContain('enrols an authenticator app');
      // The links printed are pages that exist: the staff sign-in, and the home page's sign-in panel.
      expect(made.stdout).toContain('http://localhost:3000/staff/login\n');
      expect(made.stdout).toContain('Client portal: http://localhost:3000/?panel=login (');

      const again = run(dataDir, 'development');
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('the database already has 10 clients');
      expect(again.stderr).not.toMatch(/at .+\.ts:\d+/);

      const bad = run(dataDir, 'development', '--clients', 'many');
      expect(bad.status).toBe(2);
      expect(bad.stderr).toContain('--clients must be a whole number');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
