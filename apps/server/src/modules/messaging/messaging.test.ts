import { MESSAGES, type AccountMessages } from '@taxfirm/contract';
import {
  and,
  auditLog,
  emailOutbox,
  eq,
  messageAttachments,
  messages,
  messageThreads,
  notifications,
  staffActivity,
  users,
} from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedFirm } from '../../../test/factories.ts';
import {
  signUpAndLogIn,
  staffSession,
  TEST_ENCRYPTION_KEY,
  TEST_SECRET,
  useTestApp,
  type ClientSession as Session,
  type StaffSession as Staff,
} from '../../../test/helpers.ts';
import { createKeyring } from '../../lib/crypto/keyring.ts';
import { createLinkSigner } from '../../lib/crypto/signed-links.ts';
import { openBody } from './messaging.service.ts';
import { sendAsClient, sendAsStaff, staffThread, type FormFile } from './testing/message-forms.ts';

/** A JPEG header (what file-type reads), padded: a phone photo as far as the pipeline is concerned. */
function sampleJpeg(size = 5000): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]).copy(bytes);
  return bytes;
}

const t = useTestApp();
let firmName: string;
let analyst: Staff;
let otherAnalyst: Staff;
let admin: Staff;
let asha: Session;
let ravi: Session;

const clientSend = (who: Session, fields: Record<string, string>, files?: FormFile[]) =>
  sendAsClient(t, who, fields, files);
const staffSend = (who: Staff, fields: Record<string, string>, files?: FormFile[]) =>
  sendAsStaff(t, who, fields, files);
async function clientList(who: Session, body: Record<string, unknown> = {}): Promise<AccountMessages> {
  const res = await t.postAs(who.sid, '/api/account/messages/list', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AccountMessages;
}
const outbox = () => t.database.db.select().from(emailOutbox);
const messagesOf = (who: Session) =>
  t.database.db.select().from(messages).where(eq(messages.clientId, who.clientId));

beforeAll(async () => {
  firmName = (await t.post('/api/settings/getsettings')).json().data[0].firm_name;
  ({ admin, analyst, otherAnalyst, asha, ravi } = await seedFirm(t, {
    tag: 'messages',
    status: 'Docs Upload Pending',
  }));
});

describe('account/messages/send and list', () => {
  it('sends text with a photo: listed as the own message, the photo downloads, audited, the analyst alerted without the text', async () => {
    const photo = sampleJpeg(6000);
    const res = await clientSend(asha, { body: '  Here is my W-2, photographed.  ' }, [
      { name: 'w2.jpg', bytes: photo, type: 'image/jpeg' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { message_id: messageId, message } = res.json();
    expect(message).toBe(MESSAGES.MESSAGE_SENT);

    const list = await clientList(asha);
    expect(list.messages).toHaveLength(1);
    const [sent] = list.messages;
    expect(sent).toMatchObject({
      message_id: messageId,
      from: 'client',
      author: 'You',
      internal: false,
      body: 'Here is my W-2, photographed.',
      seen: null,
    });
    expect(sent?.attachments).toHaveLength(1);
    expect(sent?.attachments[0]).toMatchObject({ name: 'w2.jpg', size: 6000, content_type: 'image/jpeg' });
    expect(list.tax_years).toHaveLength(1);
    expect(list.links_ttl_s).toBe(300);

    const download = await t.getAs(asha.sid, sent?.attachments[0]?.download_url ?? '');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(Buffer.compare(download.rawPayload, photo)).toBe(0);

    const [thread] = await t.database.db
      .select()
      .from(messageThreads)
      .where(eq(messageThreads.clientId, asha.clientId));
    expect(thread?.status).toBe('open');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'messages.send'), eq(auditLog.subject, messageId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.clientId).toBe(asha.clientId);
    const activity = await t.database.db
      .select()
      .from(staffActivity)
      .where(eq(staffActivity.clientId, asha.clientId));
    expect(activity.map((a) => [a.kind, a.summary])).toEqual([
      ['message', 'Sent a message with 1 attachment'],
    ]);

    // The analyst of the file gets one e-mail: who wrote, a link to the conversation, never the text.
    const mails = (await outbox()).filter((m) => m.subject === 'New message from Asha Rao');
    expect(mails.map((m) => m.to)).toEqual(['analyst.messages@firm.example']);
    expect(mails[0]?.text).toContain(`http://localhost:3000/staff/clients/${asha.clientId}/messages`);
    for (const mail of mails) {
      expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain('photographed');
    }
  });

  it('keeps a body with HTML or a script as plain text, verbatim, and no e-mail carries it', async () => {
    const body = '<script>alert(1)</script><b>x</b>';
    const res = await clientSend(asha, { body });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, res.json().message_id));
    // Stored sealed (clients type SSNs into messages), bound to its row: it opens only as this message's text.
    expect(row?.body).toMatch(/^v1\./);
    expect(row?.body).not.toContain('alert');
    const keyring = createKeyring(TEST_ENCRYPTION_KEY);
    expect(openBody(keyring, asha.clientId, row?.id ?? '', row?.body ?? '')).toBe(body);
    expect(() => openBody(keyring, ravi.clientId, row?.id ?? '', row?.body ?? '')).toThrow();
    const listed = (await clientList(asha)).messages.find((m) => m.message_id === res.json().message_id);
    expect(listed?.body).toBe(body);
    // The staff side answers it as it was typed too.
    const thread = await staffThread(t, analyst, asha);
    expect(thread.messages.find((m) => m.message_id === res.json().message_id)?.body).toBe(body);
    for (const mail of await outbox()) {
      expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain('alert(1)');
      expect(mail.html).not.toContain('<b>x</b>');
    }
  });

  it('refuses a message with neither text nor files (422) and stores nothing', async () => {
    const before = (await messagesOf(asha)).length;
    const cases: Record<string, string>[] = [{}, { body: '' }, { body: '   \n  ' }];
    for (const fields of cases) {
      const res = await clientSend(asha, fields);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'UNPROCESSABLE', status_smessage: MESSAGES.MESSAGE_EMPTY });
    }
    expect(await messagesOf(asha)).toHaveLength(before);
  });

  it('takes files without text', async () => {
    const res = await clientSend(asha, {}, [{ name: 'scan.jpg', bytes: sampleJpeg(), type: 'image/jpeg' }]);
    expect(res.statusCode, res.body).toBe(200);
    const listed = (await clientList(asha)).messages.find((m) => m.message_id === res.json().message_id);
    expect(listed).toMatchObject({ body: '' });
    expect(listed?.attachments.map((a) => a.name)).toEqual(['scan.jpg']);
  });

  it('refuses a file type the checklist refuses, keeping nothing', async () => {
    const before = (await messagesOf(asha)).length;
    const res = await clientSend(asha, { body: 'a script' }, [
      { name: 'run.sh', bytes: Buffer.from('#!/bin/sh\n'.repeat(300)), type: 'text/plain' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().status_smessage).toBe(MESSAGES.MESSAGE_UPLOAD_WRONG_TYPE);
    expect(await messagesOf(asha)).toHaveLength(before);
  });

  it('filters by tax year and lists the years that have messages', async () => {
    const res = await clientSend(asha, { body: 'About an earlier year', taxy: '2022' });
    expect(res.statusCode, res.body).toBe(200);
    const all = await clientList(asha);
    expect(all.tax_years).toContain(2022);
    const only2022 = await clientList(asha, { taxy: 2022 });
    expect(only2022.messages.map((m) => m.body)).toEqual(['About an earlier year']);
    expect(only2022.messages[0]?.tax_year).toBe(2022);
  });

  it("refuses a tax year that is not one of the firm's (422), storing nothing", async () => {
    const before = (await messagesOf(asha)).length;
    // The firm's years are 2021 to 2025 here: a message dated 2000 would skip the analyst and be purged early.
    for (const taxy of ['2000', '2020', '2026']) {
      const res = await clientSend(asha, { body: 'Dated elsewhere', taxy }, [
        { name: 'scan.jpg', bytes: sampleJpeg(), type: 'image/jpeg' },
      ]);
      expect(res.statusCode, taxy).toBe(422);
      expect(res.json().status_smessage).toBe(MESSAGES.MESSAGE_TAX_YEAR_INVALID);
    }
    expect(await messagesOf(asha)).toHaveLength(before);
  });
});

describe('read receipts', () => {
  it('shows the client who at the firm read their message, and staff when the client read the reply', async () => {
    await staffThread(t, analyst, asha);
    const afterStaffRead = await clientList(asha);
    const own = afterStaffRead.messages.filter((m) => m.from === 'client');
    expect(own.length).toBeGreaterThan(0);
    for (const message of own) expect(message.seen?.by).toBe('Ravi');

    const reply = await staffSend(analyst, { client_id: asha.clientId, body: 'Thanks, received.' });
    expect(reply.statusCode, reply.body).toBe(200);
    const before = await clientList(asha);
    expect(before.unread).toBe(1);
    const bell = async () =>
      (await t.postAs(asha.sid, '/api/account/notifications/list', {})).json() as {
        messages_unread: number;
        notifications: { kind: string; read: boolean }[];
      };
    expect((await bell()).messages_unread).toBe(1);
    expect((await bell()).notifications.filter((n) => n.kind === 'message' && !n.read)).toHaveLength(1);
    const listedReply = before.messages.find((m) => m.message_id === reply.json().message_id);
    expect(listedReply).toMatchObject({ from: 'staff', author: 'Ravi S.', seen: null });

    const read = await t.postAs(asha.sid, '/api/account/messages/read', {});
    expect(read.statusCode).toBe(200);
    expect(read.json().message).toBe(MESSAGES.MESSAGE_READ);
    expect((await clientList(asha)).unread).toBe(0);
    // Reading the conversation also reads the bell's "new message" entries: one place to catch up.
    expect((await bell()).messages_unread).toBe(0);
    expect((await bell()).notifications.filter((n) => n.kind === 'message' && !n.read)).toEqual([]);
    const thread = await staffThread(t, analyst, asha);
    const seenReply = thread.messages.find((m) => m.message_id === reply.json().message_id);
    expect(seenReply).toMatchObject({ author: 'You', seen: { by: 'Asha' } });
  });
});

describe('internal notes', () => {
  it('never reach the client: not in the list, not downloadable, not in any e-mail; a reply e-mails the client without its text', async () => {
    await t.database.db
      .update(messageThreads)
      .set({ status: 'open' })
      .where(eq(messageThreads.clientId, asha.clientId));
    const mailsBefore = new Set((await outbox()).map((m) => m.id));
    const note = await staffSend(
      analyst,
      { client_id: asha.clientId, body: 'NOTE-SECRET: check the 1099 too', internal: 'true' },
      [{ name: 'note.jpg', bytes: sampleJpeg(), type: 'image/jpeg' }],
    );
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().message).toBe(MESSAGES.MESSAGE_NOTE_SAVED);
    // A note tells nobody.
    expect(await outbox()).toHaveLength(mailsBefore.size);
    const [thread] = await t.database.db
      .select()
      .from(messageThreads)
      .where(eq(messageThreads.clientId, asha.clientId));

    const reply = await staffSend(analyst, { client_id: asha.clientId, body: 'REPLY-TEXT: all good' });
    expect(reply.statusCode, reply.body).toBe(200);

    const list = await clientList(asha);
    expect(list.messages.some((m) => m.message_id === note.json().message_id)).toBe(false);
    expect(list.messages.some((m) => m.internal)).toBe(false);
    expect(JSON.stringify(list)).not.toContain('NOTE-SECRET');
    expect(JSON.stringify(list)).not.toContain('note.jpg');
    for (const year of list.tax_years) {
      expect(JSON.stringify(await clientList(asha, { taxy: year }))).not.toContain('NOTE-SECRET');
    }

    // The note's attachment, by a link signed for the client: not found.
    const [noteFile] = await t.database.db
      .select()
      .from(messageAttachments)
      .where(eq(messageAttachments.messageId, note.json().message_id));
    const link = createLinkSigner(TEST_SECRET).sign({
      k: 'attachment',
      id: noteFile?.id ?? '',
      u: asha.userId,
    });
    const download = await t.getAs(asha.sid, `/api/account/messages/attachment?t=${link}`);
    expect(download.statusCode).toBe(404);

    // The staff side sees the note, marked internal; the note left the thread open, the reply waits on the client.
    const staffView = await staffThread(t, analyst, asha);
    expect(staffView.messages.find((m) => m.message_id === note.json().message_id)).toMatchObject({
      internal: true,
      seen: null,
    });
    expect(staffView.status).toBe('waiting');
    expect(thread?.status).toBe('open');

    // Exactly one e-mail, to the client, content-free; and a bell entry.
    const mails = (await outbox()).filter((m) => !mailsBefore.has(m.id));
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['asha.messages@example.com', `You have a new message from ${firmName}`],
    ]);
    for (const mail of await outbox()) {
      const all = `${mail.subject}${mail.text}${mail.html}`;
      expect(all).not.toContain('NOTE-SECRET');
      expect(all).not.toContain('REPLY-TEXT');
      expect(all).not.toContain('note.jpg');
    }
    const bell = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.clientId, asha.clientId), eq(notifications.kind, 'message')));
    expect(bell.length).toBeGreaterThan(0);
    for (const entry of bell) {
      expect(entry.title).toBe(`You have a new message from ${firmName}`);
      expect(entry.body).not.toContain('REPLY-TEXT');
    }

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.clientId, asha.clientId));
    expect(audits.filter((a) => a.action === 'staff.messages.note').map((a) => a.subject)).toEqual([
      note.json().message_id,
    ]);
    expect(audits.filter((a) => a.action === 'staff.messages.send').map((a) => a.subject)).toContain(
      reply.json().message_id,
    );
    expect(audits.some((a) => (a.subject ?? '').includes('NOTE-SECRET'))).toBe(false);
  });
});

describe("another client's conversation", () => {
  it('is never listed, and its attachments open neither by a guessed id nor by a link signed for another user', async () => {
    const mine = await clientSend(ravi, { body: 'Ravi only' }, [
      { name: 'ravi.jpg', bytes: sampleJpeg(), type: 'image/jpeg' },
    ]);
    expect(mine.statusCode, mine.body).toBe(200);
    const ravisList = await clientList(ravi);
    expect(ravisList.messages.map((m) => m.body)).toEqual(['Ravi only']);
    const ashasList = await clientList(asha);
    expect(JSON.stringify(ashasList)).not.toContain('Ravi only');
    expect(JSON.stringify(ravisList)).not.toContain('photographed');
    const ravisLink = ravisList.messages[0]?.attachments[0]?.download_url ?? '';
    expect((await t.getAs(ravi.sid, ravisLink)).statusCode).toBe(200);
    // Ravi's own link, in Asha's session: refused.
    expect((await t.getAs(asha.sid, ravisLink)).statusCode).toBe(403);
    // A genuine link for Asha naming Ravi's attachment (a guessed id): not found.
    const [file] = await t.database.db
      .select()
      .from(messageAttachments)
      .where(eq(messageAttachments.clientId, ravi.clientId));
    const guessed = createLinkSigner(TEST_SECRET).sign({
      k: 'attachment',
      id: file?.id ?? '',
      u: asha.userId,
    });
    expect((await t.getAs(asha.sid, `/api/account/messages/attachment?t=${guessed}`)).statusCode).toBe(404);
    // A document link does not open an attachment, nor an attachment link a document.
    const asDocument = createLinkSigner(TEST_SECRET).sign({
      k: 'document',
      id: file?.id ?? '',
      u: ravi.userId,
    });
    expect((await t.getAs(ravi.sid, `/api/account/messages/attachment?t=${asDocument}`)).statusCode).toBe(
      403,
    );
    expect((await t.getAs(ravi.sid, ravisLink.replace('/messages/attachment', '/download'))).statusCode).toBe(
      403,
    );
    // Reading marks only the session's own messages.
    await staffSend(otherAnalyst, { client_id: ravi.clientId, body: 'For Ravi' });
    await t.postAs(asha.sid, '/api/account/messages/read', {});
    expect((await clientList(ravi)).unread).toBe(1);
  });

  it('a staff session is refused by the client calls, a client session by the staff calls', async () => {
    expect((await t.postAs(analyst.sid, '/api/account/messages/list', {})).statusCode).toBe(401);
    expect(
      (await t.postAs(asha.sid, '/api/staff/messages/thread', { client_id: ravi.clientId })).statusCode,
    ).toBe(403);
  });
});

describe('alerts for a file without an analyst', () => {
  it('e-mail every active admin who chose an e-mail per message, not the others', async () => {
    const meera = await signUpAndLogIn(t, 'meera.messages@example.com', { first: 'Meera', last: 'Iyer' });
    const digestAdmin = await staffSession(t, 'digest.messages@firm.example', 'admin');
    await t.database.db.update(users).set({ staffAlerts: 'digest' }).where(eq(users.id, digestAdmin.userId));
    const goneAdmin = await staffSession(t, 'gone.messages@firm.example', 'admin');
    await t.database.db
      .update(users)
      .set({ deactivatedAt: new Date() })
      .where(eq(users.id, goneAdmin.userId));
    const res = await clientSend(meera, { body: 'Hello?' });
    expect(res.statusCode, res.body).toBe(200);
    const mails = (await outbox()).filter((m) => m.subject === 'New message from Meera Iyer');
    expect(mails.map((m) => m.to)).toEqual(['admin.messages@firm.example']);
    expect(admin.userId).toBeTruthy();
  });
});
