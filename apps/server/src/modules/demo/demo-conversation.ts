/** The demo's conversations: messages with the firm, referrals, and visitors' contact messages. */
import { contactMessages, referrals, type Database } from '@taxfirm/db';
import { ensureThread, writeMessage } from '../messaging/messaging.service.ts';
import type { DemoFile } from './demo-file.ts';
import type { Random } from './demo-random.ts';
import { DEMO_DOMAIN, FIRST_NAMES, LAST_NAMES } from './names.ts';

/** A conversation with the firm for two clients in five. */
export async function seedConversation(f: DemoFile): Promise<void> {
  const { db, r, keyring, clientId, userId, analyst, current } = f;
  if (r.chance(0.4)) {
    const lines = [
      ['client', 'Hi, I uploaded my W-2. Do you need anything else from me?'],
      ['staff', 'Thank you! Could you also send your 1099-INT from the bank?'],
      ['client', 'Done, it is in the checklist now.'],
      ['staff', 'Got it. We will have your summary ready this week.'],
    ] as const;
    await db.transaction(async (tx) => {
      const thread = await ensureThread(tx, clientId);
      for (const [from, body] of lines.slice(0, r.int(1, 4))) {
        await writeMessage(tx, {
          threadId: thread.id,
          clientId,
          taxYear: current,
          from,
          authorId: from === 'client' ? userId : analyst,
          internal: false,
          body,
          uploads: [],
          keyring,
        });
      }
    });
  }
}

/** A friend referred, now and then. */
export async function seedReferral(f: DemoFile): Promise<void> {
  const { db, r, i, clientId, current, first, last, email, phone, india } = f;
  if (r.chance(0.1)) {
    const friend = `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`;
    await db.insert(referrals).values({
      clientId,
      taxYear: current,
      referrerName: `${first} ${last}`,
      referrerEmail: email,
      referrerPhone: phone,
      referrerPhoneExt: india ? 'INDIA' : 'US',
      friendName: friend,
      friendEmail: `${friend.toLowerCase().replace(' ', '.')}.friend${i + 1}@${DEMO_DOMAIN}`,
      friendPhone: `${r.int(201, 989)}555${r.int(1000, 9999)}`,
      friendPhoneExt: 'US',
      comment: 'A colleague who needs help with an H1B return',
    });
  }
}

/** Questions from the site's contact form, in every status. */
export async function seedContactMessages(db: Database, r: Random): Promise<void> {
  const contactStatuses = ['new', 'follow up', 'registered', 'no response'] as const;
  await db.insert(contactMessages).values(
    Array.from({ length: 12 }, (_, k) => {
      const name = `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`;
      return {
        name,
        email: `${name.toLowerCase().replace(' ', '.')}.visitor${k + 1}@${DEMO_DOMAIN}`,
        phone: `${r.int(201, 989)}555${r.int(1000, 9999)}`,
        phoneExt: 'US',
        message: r.pick([
          'Can you file my return if I moved states mid-year?',
          'I have rental income in India. Do you handle FBAR?',
          'Please call me about an extension.',
        ]),
        status: contactStatuses[k % contactStatuses.length],
      };
    }),
  );
}
