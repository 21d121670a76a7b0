import { MESSAGES } from '@taxfirm/contract';
import { auditLog, eq } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import {
  admin,
  analyst,
  asha,
  call,
  t,
  thread,
  useStaffMessagingApp,
} from './testing/staff-messaging-kit.ts';

useStaffMessagingApp();

describe('staff/messages/canned', () => {
  it('lists for everyone; only admins save and delete; a title is unique', async () => {
    const titles = (res: Awaited<ReturnType<typeof call>>) =>
      (res.json().replies as { title: string }[]).map((r) => r.title);
    const byAnalyst = await call(analyst, 'canned', { action: 'save', title: 'Thanks', body: 'Thank you!' });
    expect(byAnalyst.statusCode).toBe(403);
    const saved = await call(admin, 'canned', {
      action: 'save',
      title: 'Thanks',
      body: 'Thank you, received.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(MESSAGES.MESSAGE_CANNED_SAVED);
    const listed = await call(analyst, 'canned', { action: 'list' });
    const reply = (listed.json().replies as { reply_id: string; title: string; body: string }[]).find(
      (r) => r.title === 'Thanks',
    );
    expect(reply?.body).toBe('Thank you, received.');
    const replyId = reply?.reply_id ?? '';
    expect((await thread(analyst, asha)).canned.map((c) => c.title)).toContain('Thanks');
    const taken = await call(admin, 'canned', { action: 'save', title: 'Thanks', body: 'Again' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().status_smessage).toBe(MESSAGES.MESSAGE_CANNED_TITLE_TAKEN);
    const edited = await call(admin, 'canned', {
      action: 'save',
      reply_id: replyId,
      title: 'Thanks',
      body: 'Thanks again',
    });
    expect(edited.json().replies).toContainEqual({
      reply_id: replyId,
      title: 'Thanks',
      body: 'Thanks again',
    });
    expect((await call(analyst, 'canned', { action: 'delete', reply_id: replyId })).statusCode).toBe(403);
    const deleted = await call(admin, 'canned', { action: 'delete', reply_id: replyId });
    expect(deleted.statusCode).toBe(200);
    expect(titles(deleted)).not.toContain('Thanks');
    expect((await call(admin, 'canned', { action: 'delete', reply_id: replyId })).statusCode).toBe(404);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.actorUserId, admin.userId));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['staff.messages.canned.save', 'staff.messages.canned.delete']),
    );
  });
});
