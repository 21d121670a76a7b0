/**
 * Erasing an account (erase_account(), account-erasure.ts) and the audit chain: an erasure is recorded and
 * counted, a reference erased without one is a break, and clients the firm must keep are refused.
 */
import { auditLog, clients, eq, sql, users } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { audit } from '../../lib/audit.ts';
import type { Actor } from '../../lib/actor.ts';
import { eraseAccount } from './account-erasure.ts';
import { SEAL_WAIT_MS, sealAuditLog } from './audit-sealer.ts';
import { behindTheTrigger, verifySealed, withDatabase } from './testing/chain-kit.ts';

describe('the audit chain and erased accounts', () => {
  it('counts a reference erased with its account through erase_account(), and still checks the references left', async () => {
    await withDatabase(async ({ db }) => {
      const [gone] = await db
        .insert(users)
        .values({ email: 'gone@example.com', passwordHash: 'x', firstName: 'Gone', lastName: 'Away' })
        .returning({ id: users.id });
      const [kept] = await db
        .insert(users)
        .values({ email: 'kept@example.com', passwordHash: 'x', firstName: 'Kept', lastName: 'Here' })
        .returning({ id: users.id });
      if (!gone || !kept) throw new Error('no users');
      const as = (userId: string): Actor => ({ kind: 'visitor', userId, ip: '127.0.0.1', userAgent: 'test' });
      await audit(db, { actor: as(gone.id), action: 'test.gone' });
      await audit(db, { actor: as(kept.id), action: 'test.kept' });
      const erasure = await eraseAccount(db, gone.id, 'ticket 4711: the client asked');
      await sealAuditLog(db, { waitForLockMs: SEAL_WAIT_MS });
      expect(await db.select({ id: users.id }).from(users).where(eq(users.id, gone.id))).toEqual([]);
      const [erased] = await db
        .select({ action: auditLog.action, subject: auditLog.subject, chainSeq: auditLog.chainSeq })
        .from(auditLog)
        .where(eq(auditLog.id, erasure));
      expect(erased).toMatchObject({ action: 'account.erased', chainSeq: 3 });
      // The digest the erased rows keep, not the id: the log no longer names the person.
      expect(erased?.subject).toMatch(/^actor:[0-9a-f]{64} \| ticket 4711: the client asked$/);
      expect(erased?.subject).not.toContain(gone.id);
      const report = await verifySealed({ db });
      expect(report).toMatchObject({ rowsChecked: 3, erasedReferences: 1, erasures: 1, breaks: 0 });

      // A reason is required, and an account that is not there is refused.
      await expect(eraseAccount(db, kept.id, ' ')).rejects.toThrow(/not erased: a reason is required/);
      await expect(eraseAccount(db, gone.id, 'again')).rejects.toThrow(
        /not erased: there is no such account/,
      );

      // Pointing a row at another account is a break, though the foreign key allows it.
      await behindTheTrigger(
        db,
        `update audit_log set actor_user_id = '${kept.id}' where action = 'test.gone'`,
      );
      const moved = await verifySealed({ db });
      expect(moved.firstBreak).toMatchObject({ chainSeq: 1 });
      expect(moved.firstBreak?.reason).toMatch(/actor/);
    });
  });

  it('finds a reference erased without its account.erased row (a user or a client deleted directly)', async () => {
    await withDatabase(async ({ db }) => {
      const person = async (email: string) => {
        const [user] = await db
          .insert(users)
          .values({ email, passwordHash: 'x', firstName: 'A', lastName: 'B' })
          .returning({ id: users.id });
        if (!user) throw new Error('no user');
        const [client] = await db
          .insert(clients)
          .values({ userId: user.id, firstName: 'A', lastName: 'B', phone: '5550100100', phoneExt: '' })
          .returning({ id: clients.id });
        if (!client) throw new Error('no client');
        const actor: Actor = {
          kind: 'client',
          userId: user.id,
          clientId: client.id,
          member: null,
          email,
          ip: '127.0.0.1',
          userAgent: 't',
        };
        await audit(db, { actor, action: `test.${email}` });
        return { userId: user.id, clientId: client.id };
      };
      const erased = await person('erased@example.com');
      const deleted = await person('deleted@example.com');
      const clientOnly = await person('client-only@example.com');
      await eraseAccount(db, erased.userId, 'ticket 1');
      expect(await verifySealed({ db })).toMatchObject({ breaks: 0, erasures: 1, erasedReferences: 1 });
      // A client with a payment is not erased (the firm keeps money records), and nothing of it is written.
      const paying = await person('paying@example.com');
      await db.execute(sql`
        with filing as (insert into filings (client_id, tax_year) values (${paying.clientId}, 2025) returning id)
        insert into payments (client_id, filing_id, provider, order_id, amount_cents, currency)
        select ${paying.clientId}, id, 'sandbox', 'order-keep', 100, 'USD' from filing`);
      await expect(eraseAccount(db, paying.userId, 'ticket 2')).rejects.toThrow(
        /not erased: the client has invoices or payments, which the firm keeps/,
      );
      expect(await verifySealed({ db })).toMatchObject({ breaks: 0, erasures: 1, rowsChecked: 5 });
      // Nor a client with a signed document (evidence the signed-once trigger keeps): a clear refusal.
      const signing = await person('signed@example.com');
      await db.execute(sql`
        with filing as (insert into filings (client_id, tax_year) values (${signing.clientId}, 2025) returning id)
        insert into signature_documents (filing_id, client_id, kind, title, status, original_name, size,
          storage_key, sha256, signed_storage_key, signed_sha256, signed_size, signed_at)
        select id, ${signing.clientId}, '8879', 'Form 8879', 'signed', '8879.pdf', 10, 'k-signed-orig', 'aa',
          'k-signed', 'bb', 12, now() from filing`);
      await expect(eraseAccount(db, signing.userId, 'ticket 3')).rejects.toThrow(
        /not erased: the client has signed documents, which the firm keeps/,
      );
      expect(await verifySealed({ db })).toMatchObject({ breaks: 0, erasures: 1, rowsChecked: 6 });

      // As the owner (or a superuser; on the embedded database, anyone): the rows lose their references
      // unrecorded, which the foreign keys allow and the chain's hashes cannot see (they cover the digests).
      await db.delete(users).where(eq(users.id, deleted.userId));
      const report = await verifySealed({ db });
      expect(report).toMatchObject({ breaks: 1, erasedReferences: 2, firstBreak: { chainSeq: 2 } });
      expect(report.firstBreak?.reason).toMatch(/actor_user_id was erased without an account\.erased row/);

      await db.delete(clients).where(eq(clients.id, clientOnly.clientId));
      const both = await verifySealed({ db });
      await sealAuditLog(db, { waitForLockMs: SEAL_WAIT_MS });
      expect(both.breaks).toBe(2);
      const [row] = await db
        .select({ actor: auditLog.actorUserId, client: auditLog.clientId, chainSeq: auditLog.chainSeq })
        .from(auditLog)
        .where(eq(auditLog.action, 'test.client-only@example.com'));
      expect(row).toMatchObject({ actor: clientOnly.userId, client: null, chainSeq: 3 });
    });
  });
});
