/**
 * The demo firm's everyday automations (issue 36), as its admin saves them, all paused: an admin reads them on
 * the Automations page, previews each, and resumes the ones the firm wants.
 */
import type { AutomationAction, FileStatus } from '@taxfirm/contract';
import { cannedReplies, eq, priceItems, requestTemplates, type Database } from '@taxfirm/db';
import { saveAutomation } from '../automations/automations.staff.service.ts';
import { demoAdmin } from './demo-profile.ts';

export async function seedAutomations(db: Database, adminId: string, analystIds: string[]): Promise<void> {
  const admin = demoAdmin(adminId);
  const idOf = async (rows: Promise<{ id: string }[]>, what: string) => {
    const [row] = await rows;
    if (!row) throw new Error(`demo automations: no ${what}`);
    return row.id;
  };
  const template = (name: string) =>
    idOf(
      db.select({ id: requestTemplates.id }).from(requestTemplates).where(eq(requestTemplates.name, name)),
      name,
    );
  const reply = (title: string) =>
    idOf(
      db.select({ id: cannedReplies.id }).from(cannedReplies).where(eq(cannedReplies.title, title)),
      title,
    );
  const price = (name: string) =>
    idOf(db.select({ id: priceItems.id }).from(priceItems).where(eq(priceItems.name, name)), name);

  const rules: { name: string; status: FileStatus; india_only?: boolean; action: AutomationAction }[] = [
    {
      name: 'Share new files among the analysts',
      status: 'To Be Assigned',
      action: { kind: 'assign', analyst_ids: analystIds },
    },
    {
      name: 'FBAR for India-linked files',
      status: 'Basic Info Pending',
      india_only: true,
      action: { kind: 'deliverable', deliverable_kind: 'fbar' },
    },
    {
      name: 'The US checklist when documents are due',
      status: 'Docs Upload Pending',
      action: { kind: 'template', template_id: await template('US individual') },
    },
    {
      name: 'The NRI checklist for India-linked files',
      status: 'Docs Upload Pending',
      india_only: true,
      action: { kind: 'template', template_id: await template('NRI add-on') },
    },
    {
      name: 'Tell the client we are reviewing',
      status: 'Review Pending',
      action: { kind: 'message', reply_id: await reply('We are reviewing your return') },
    },
    {
      name: 'Invoice the federal return',
      status: 'Payment Pending',
      action: { kind: 'invoice', price_item_ids: [await price('Federal return (Form 1040)')] },
    },
  ];
  for (const rule of rules) {
    await saveAutomation(db, admin, { india_only: false, ...rule, paused: true });
  }
}
