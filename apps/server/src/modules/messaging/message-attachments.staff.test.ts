import { MESSAGES } from '@taxfirm/contract';
import {
  and,
  auditLog,
  documents,
  eq,
  messageAttachments,
  requestItemEvents,
  requestItems,
} from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdf } from './testing/message-forms.ts';
import {
  addW2Item,
  admin,
  analyst,
  asha,
  attachmentNamed,
  call,
  ravi,
  staffSend,
  storedObjects,
  t,
  thread,
  useStaffMessagingApp,
} from './testing/staff-messaging-kit.ts';

useStaffMessagingApp();
// Asha's checklist holds the item an attachment is filed into (messaging.staff.test.ts adds it while it reads).
beforeAll(() => addW2Item(asha));

describe('staff/messages/file', () => {
  it("files a copy into the client's documents, once", async () => {
    const id = await attachmentNamed(asha, 'asha-1099.pdf');
    const res = await call(analyst, 'file', { target: 'documents', attachment_id: id, category: 'W2' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MESSAGES.MESSAGE_ATTACHMENT_FILED);
    const [attachment] = await t.database.db
      .select()
      .from(messageAttachments)
      .where(eq(messageAttachments.id, id));
    const [doc] = await t.database.db
      .select()
      .from(documents)
      .where(eq(documents.id, attachment?.filedDocumentId ?? ''));
    expect(doc).toMatchObject({
      clientId: asha.clientId,
      category: 'W2',
      requestItemId: null,
      originalName: 'asha-1099.pdf',
      size: 5000,
      uploadedBy: analyst.userId,
    });
    expect(doc?.storageKey).not.toBe(attachment?.storageKey);
    expect(doc?.storageKey.startsWith('staff-messages-send/')).toBe(true);
    const listed = (await thread(analyst, asha)).messages[0]?.attachments.find((a) => a.attachment_id === id);
    expect(listed?.filed_as).toBe('Documents · W2');
    const again = await call(analyst, 'file', { target: 'documents', attachment_id: id, category: 'W2' });
    expect(again.statusCode).toBe(409);
    expect(again.json().status_smessage).toBe(MESSAGES.MESSAGE_ATTACHMENT_ALREADY_FILED);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.messages.file'));
    expect(audits.map((a) => a.subject)).toEqual([`${id} -> ${doc?.id}`]);
  });

  it("refuses to file a note's attachment (it would show a workpaper to the client), storing nothing", async () => {
    const note = await staffSend(analyst, { client_id: asha.clientId, body: 'Workpaper', internal: 'true' }, [
      pdf('workpaper.pdf'),
    ]);
    expect(note.statusCode, note.body).toBe(200);
    const id = await attachmentNamed(asha, 'workpaper.pdf');
    const documentsBefore = await t.database.db.select().from(documents);
    const objectsBefore = await storedObjects();
    const res = await call(analyst, 'file', { target: 'documents', attachment_id: id, category: 'W2' });
    expect(res.statusCode).toBe(409);
    expect(res.json().status_smessage).toBe(MESSAGES.MESSAGE_NOTE_ATTACHMENT_STAYS);
    expect(await t.database.db.select().from(documents)).toHaveLength(documentsBefore.length);
    expect(await storedObjects()).toBe(objectsBefore);
  });

  it('files a copy into a checklist item, which moves to uploaded with its history', async () => {
    const id = await attachmentNamed(asha, 'asha-w2.pdf');
    const [item] = await t.database.db
      .select()
      .from(requestItems)
      .where(and(eq(requestItems.clientId, asha.clientId), eq(requestItems.title, 'W-2 from Acme')));
    // Another client's item is not found.
    const foreign = await call(admin, 'file', {
      target: 'item',
      attachment_id: await attachmentNamed(ravi, 'ravi-w2.pdf'),
      item_id: item?.id,
    });
    expect(foreign.statusCode).toBe(404);
    const res = await call(analyst, 'file', { target: 'item', attachment_id: id, item_id: item?.id });
    expect(res.statusCode, res.body).toBe(200);
    const [moved] = await t.database.db
      .select()
      .from(requestItems)
      .where(eq(requestItems.id, item?.id ?? ''));
    expect(moved?.status).toBe('uploaded');
    const events = await t.database.db
      .select()
      .from(requestItemEvents)
      .where(eq(requestItemEvents.itemId, item?.id ?? ''));
    expect(events.map((e) => [e.action, e.toStatus, e.actorKind, e.actorId])).toContainEqual([
      'uploaded',
      'uploaded',
      'staff',
      analyst.userId,
    ]);
    const docs = await t.database.db
      .select()
      .from(documents)
      .where(eq(documents.requestItemId, item?.id ?? ''));
    expect(docs.map((d) => [d.originalName, d.category])).toEqual([['asha-w2.pdf', 'W2']]);
    const listed = (await thread(analyst, asha)).messages[0]?.attachments.find((a) => a.attachment_id === id);
    expect(listed?.filed_as).toBe('W-2 from Acme');
  });
});
