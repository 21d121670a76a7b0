import { MESSAGES, type StaffInbox } from '@taxfirm/contract';
import { and, auditLog, documents, eq, isNull, messages, messageThreads } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { signUpAndLogIn, TEST_SECRET, type ClientSession as Session } from '../../../test/helpers.ts';
import { createStaffLinkSigner } from '../../lib/crypto/signed-links.ts';
import { pdf } from './testing/message-forms.ts';
import {
  addW2Item,
  admin,
  analyst,
  asha,
  attachmentNamed,
  call,
  clientSend,
  inbox,
  meera,
  names,
  otherAnalyst,
  ravi,
  staffSend,
  storedObjects,
  t,
  taxYear,
  thread,
  useStaffMessagingApp,
} from './testing/staff-messaging-kit.ts';

useStaffMessagingApp();

describe('the file-assignment rules', () => {
  it("refuse an analyst every call on another analyst's client, storing and changing nothing", async () => {
    const refused = (res: Awaited<ReturnType<typeof call>>) => {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().status_smessage).toBe(MESSAGES.CLIENT_OTHER_ANALYST);
    };
    refused(await call(analyst, 'thread', { client_id: ravi.clientId }));
    const objects = await storedObjects();
    const before = await t.database.db.select().from(messages).where(eq(messages.clientId, ravi.clientId));
    refused(await staffSend(analyst, { client_id: ravi.clientId, body: 'hi' }, [pdf('x.pdf')]));
    refused(await staffSend(analyst, { client_id: ravi.clientId, body: 'note', internal: 'true' }));
    expect(await storedObjects()).toBe(objects);
    refused(await call(analyst, 'status', { client_id: ravi.clientId, status: 'done' }));
    const raviFile = await attachmentNamed(ravi, 'ravi-w2.pdf');
    refused(await call(analyst, 'file', { target: 'documents', attachment_id: raviFile, category: 'W2' }));
    const after = await t.database.db.select().from(messages).where(eq(messages.clientId, ravi.clientId));
    expect(after).toEqual(before);
    expect(
      (await t.database.db.select().from(messageThreads).where(eq(messageThreads.clientId, ravi.clientId)))[0]
        ?.status,
    ).toBe('open');
    expect(await t.database.db.select().from(documents).where(eq(documents.clientId, ravi.clientId))).toEqual(
      [],
    );
    // And before taking an unassigned file, only its triage view exists.
    const triage = await call(analyst, 'thread', { client_id: meera.clientId });
    expect(triage.statusCode).toBe(403);
    expect(triage.json().status_smessage).toBe(MESSAGES.CLIENT_NOT_TAKEN);
  });

  it("refuse an attachment link for another analyst's client, a link signed for someone else, and a document link", async () => {
    const signer = createStaffLinkSigner(TEST_SECRET);
    const raviFile = await attachmentNamed(ravi, 'ravi-w2.pdf');
    const guessed = signer.sign({ k: 'attachment', id: raviFile, u: analyst.userId });
    const res = await t.getAs(analyst.sid, `/api/staff/messages/attachment?t=${guessed}`);
    expect(res.statusCode).toBe(403);
    const forOther = signer.sign({ k: 'attachment', id: raviFile, u: otherAnalyst.userId });
    expect((await t.getAs(analyst.sid, `/api/staff/messages/attachment?t=${forOther}`)).statusCode).toBe(403);
    expect((await t.getAs(otherAnalyst.sid, `/api/staff/messages/attachment?t=${forOther}`)).statusCode).toBe(
      200,
    );
    const asDocument = signer.sign({ k: 'document', id: raviFile, u: otherAnalyst.userId });
    expect(
      (await t.getAs(otherAnalyst.sid, `/api/staff/messages/attachment?t=${asDocument}`)).statusCode,
    ).toBe(403);
  });
});

describe('staff/messages/thread and send', () => {
  it('shows the conversation with notes, canned replies and checklist items; every read is audited', async () => {
    await addW2Item(asha);
    const note = await staffSend(analyst, { client_id: asha.clientId, body: 'Check Acme', internal: 'true' });
    expect(note.statusCode, note.body).toBe(200);
    const first = await thread(analyst, asha);
    expect(first.client).toEqual({ client_id: asha.clientId, name: 'Asha Rao', file_number: null });
    expect(first.analyst?.user_id).toBe(analyst.userId);
    expect(first.messages.map((m) => [m.from, m.author, m.internal, m.body])).toEqual([
      ['client', 'Asha Rao', false, 'Asha writes'],
      ['staff', 'You', true, 'Check Acme'],
    ]);
    expect(first.messages[0]?.seen?.by).toBe('Ravi');
    expect(first.messages[0]?.attachments.map((a) => [a.name, a.filed_as])).toEqual([
      ['asha-w2.pdf', null],
      ['asha-1099.pdf', null],
    ]);
    expect(first.messages[0]?.attachments[0]?.preview_url).toMatch(/inline=1$/);
    expect(first.items.map((i) => i.title)).toEqual(['W-2 from Acme']);
    expect(first.tax_years).toEqual([taxYear]);
    // The admin sees the same thread, the note by its author's name.
    const adminView = await thread(admin, asha);
    expect(adminView.messages[1]?.author).toBe('Ravi S.');

    const reads = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.messages.read'), eq(auditLog.clientId, asha.clientId)));
    expect(reads.map((r) => [r.actorUserId, r.subject])).toEqual([
      [analyst.userId, '1 new message'],
      [admin.userId, '0 new messages'],
    ]);
    const [read] = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.clientId, asha.clientId), eq(messages.authorKind, 'client')));
    expect(read?.readBy).toBe(analyst.userId);

    // The staff download opens the bytes and is audited.
    const download = await t.getAs(analyst.sid, first.messages[0]?.attachments[0]?.download_url ?? '');
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(5000);
    const downloads = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.messages.attachment.download'));
    expect(downloads.map((d) => [d.actorUserId, d.subject])).toContainEqual([
      analyst.userId,
      first.messages[0]?.attachments[0]?.attachment_id,
    ]);
  });

  it("refuses a reply dated outside the firm's tax years (422) before storing a file", async () => {
    const objectsBefore = await storedObjects();
    const res = await staffSend(analyst, { client_id: asha.clientId, body: 'Old', taxy: '2005' }, [
      pdf('old.pdf'),
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().status_smessage).toBe(MESSAGES.MESSAGE_TAX_YEAR_INVALID);
    expect(await storedObjects()).toBe(objectsBefore);
  });

  it('refuses an empty reply (422) and a client that does not exist (404)', async () => {
    const empty = await staffSend(analyst, { client_id: asha.clientId, body: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().status_smessage).toBe(MESSAGES.MESSAGE_EMPTY);
    const unknown = await call(admin, 'thread', { client_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('staff/messages/status', () => {
  it('sets the status (audited) and refuses a client with no conversation', async () => {
    const res = await call(analyst, 'status', { client_id: asha.clientId, status: 'done' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await thread(analyst, asha)).status).toBe('done');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.messages.status'), eq(auditLog.clientId, asha.clientId)));
    expect(audits.map((a) => a.subject)).toEqual(['open -> done']);
    const bad = await call(analyst, 'status', { client_id: asha.clientId, status: 'archived' });
    expect(bad.statusCode).toBe(400);
    const lonely = await signUpAndLogIn(t, 'lonely.staffmsg@example.com', { first: 'Lone', last: 'Client' });
    const none = await call(admin, 'status', { client_id: lonely.clientId, status: 'done' });
    expect(none.statusCode).toBe(404);
    expect(none.json().status_smessage).toBe(MESSAGES.MESSAGE_THREAD_NOT_FOUND);
    // Back to open for the inbox tests.
    await call(analyst, 'status', { client_id: asha.clientId, status: 'open' });
  });
});

describe('staff/messages/inbox', () => {
  it('lists the threads one may work, unread first then the newest, with filters and the unread count', async () => {
    // Everything read by the admin, then Ravi writes again: his thread is the only unread one.
    await thread(admin, asha);
    await thread(admin, meera);
    await thread(admin, ravi);
    expect((await clientSend(ravi, 'Ravi again')).statusCode).toBe(200);
    expect((await clientSend(asha, 'Asha later')).statusCode).toBe(200);
    await thread(admin, asha);

    const all = await inbox(admin);
    expect(names(all)).toEqual(['Ravi Kumar', 'Asha Rao', 'Meera Iyer']);
    expect(all.threads[0]).toMatchObject({ unread: 1, last_from: 'client', file_number: 'TX-7781' });
    expect(all.unread_threads).toBe(1);
    expect(all.total).toBe(3);
    expect(all.page_size).toBe(25);
    expect(all.analysts.map((a) => a.user_id)).toEqual(
      expect.arrayContaining([admin.userId, analyst.userId, otherAnalyst.userId]),
    );

    // An analyst sees their own clients only.
    const mine = await inbox(analyst);
    expect(names(mine)).toEqual(['Asha Rao']);
    expect(mine.unread_threads).toBe(0);
    expect((await inbox(otherAnalyst)).unread_threads).toBe(1);

    expect(names(await inbox(admin, { unread_only: true }))).toEqual(['Ravi Kumar']);
    expect(names(await inbox(admin, { analyst: analyst.userId }))).toEqual(['Asha Rao']);
    expect(names(await inbox(admin, { analyst: 'unassigned' }))).toEqual(['Meera Iyer']);
    await call(admin, 'status', { client_id: meera.clientId, status: 'done' });
    expect(names(await inbox(admin, { status: 'done' }))).toEqual(['Meera Iyer']);
    expect(names(await inbox(admin, { q: 'tx-77' }))).toEqual(['Ravi Kumar']);
    expect(names(await inbox(admin, { q: 'asha.staffmsg' }))).toEqual(['Asha Rao']);
    // Wildcards are searched as text.
    expect(names(await inbox(admin, { q: '%' }))).toEqual(['Meera Iyer']);
    expect(names(await inbox(admin, { q: '_50%' }))).toEqual(['Meera Iyer']);
    // "N_I" would match NRI if `_` were a wildcard.
    expect(names(await inbox(admin, { q: 'N_I' }))).toEqual([]);
    expect(names(await inbox(admin, { page: 2 }))).toEqual([]);
  });
});

describe("the thread's stored unread count (migration 0022's triggers)", () => {
  /** The stored count and a live recount of the client's unread messages. */
  async function counts(client: Session) {
    const [stored] = await t.database.db
      .select({ n: messageThreads.unreadCount })
      .from(messageThreads)
      .where(eq(messageThreads.clientId, client.clientId));
    const live = await t.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.clientId, client.clientId),
          eq(messages.authorKind, 'client'),
          isNull(messages.readAt),
        ),
      );
    return { stored: stored?.n, live: live.length };
  }
  const row = (box: StaffInbox, client: Session) => box.threads.find((r) => r.client_id === client.clientId);

  it('follows every write, read and deletion, and orders the inbox', async () => {
    const kiran = await signUpAndLogIn(t, 'kiran.staffmsg@example.com', { first: 'Kiran', last: 'Shah' });
    const before = (await inbox(admin)).unread_threads;
    expect((await clientSend(kiran, 'Kiran one')).statusCode).toBe(200);
    expect((await clientSend(kiran, 'Kiran two')).statusCode).toBe(200);
    expect(await counts(kiran)).toEqual({ stored: 2, live: 2 });
    let box = await inbox(admin);
    expect(box.threads[0]).toMatchObject({ client_id: kiran.clientId, unread: 2, last_from: 'client' });
    expect(box.unread_threads).toBe(before + 1);

    // A staff reply and a note leave the client's unread messages as they are.
    expect((await staffSend(admin, { client_id: kiran.clientId, body: 'Hello Kiran' })).statusCode).toBe(200);
    expect(
      (await staffSend(admin, { client_id: kiran.clientId, body: 'note', internal: 'true' })).statusCode,
    ).toBe(200);
    expect(await counts(kiran)).toEqual({ stored: 2, live: 2 });

    // A deleted message (retention) leaves the count.
    const [first] = await t.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.clientId, kiran.clientId), eq(messages.authorKind, 'client')))
      .orderBy(messages.createdAt)
      .limit(1);
    if (!first) throw new Error('no message from Kiran');
    await t.database.db.delete(messages).where(eq(messages.id, first.id));
    expect(await counts(kiran)).toEqual({ stored: 1, live: 1 });
    expect(row(await inbox(admin, { unread_only: true }), kiran)).toMatchObject({ unread: 1 });

    // Staff reading the thread clears it: it leaves "unread first" and the badge.
    await thread(admin, kiran);
    expect(await counts(kiran)).toEqual({ stored: 0, live: 0 });
    box = await inbox(admin);
    expect(row(box, kiran)).toMatchObject({ unread: 0 });
    expect(box.unread_threads).toBe(before);
    expect(row(await inbox(admin, { unread_only: true }), kiran)).toBeUndefined();

    // The client writes again.
    expect((await clientSend(kiran, 'Kiran three')).statusCode).toBe(200);
    expect(await counts(kiran)).toEqual({ stored: 1, live: 1 });
    expect((await inbox(admin)).threads[0]).toMatchObject({ client_id: kiran.clientId, unread: 1 });
  });
});
