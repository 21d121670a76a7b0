/**
 * What can be done to one file by a bulk job or a status automation (issue 36): each kind is the single-file
 * service, run in the caller's transaction with its own checks, writes, audit row and the client's e-mail in
 * the outbox. Checked once when the job starts or the rule is saved (`describeFileAction`), and again by the
 * service on each file when its turn comes.
 */
import {
  DELIVERABLE_KIND_LABELS,
  MESSAGES,
  formatMoney,
  isStaffRole,
  type FileAction,
} from '@taxfirm/contract';
import {
  and,
  cannedReplies,
  deliverables,
  eq,
  inArray,
  priceItems,
  requestTemplates,
  sql,
  users,
  type Database,
} from '@taxfirm/db';
import type { FastifyBaseLogger } from 'fastify';
import type { StaffActor } from '../../lib/actor.ts';
import type { RunningJob } from '../../lib/jobs.ts';
import { startScheduler } from '../../lib/scheduler.ts';
import { AppError } from '../../lib/app-error.ts';
import { accessInForce } from '../accounts/access.ts';
import { saveDeliverable } from '../deliverables/deliverables.staff.service.ts';
import { assignAnalyst, changeStatus, getWorkableFiling } from '../filings/filings.service.ts';
import { createInvoice, sendInvoice } from '../invoices/invoices.staff.service.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { sendStaffMessage } from '../messaging/messaging.staff.service.ts';
import type { FirmVoice } from '../notifications/client-events.ts';
import { remindNow } from '../requests/reminders.service.ts';
import {
  sendSignatureTemplate,
  signatureTemplateTitle,
} from '../signatures/signature-templates.staff.service.ts';
import type { ObjectStorage } from '../../lib/storage/object-storage.ts';
import { applyTemplate } from '../requests/requests.items.service.ts';

type Reader = Pick<Database, 'select'>;
/** A file action as a job or rule keeps it: a canned message's text is frozen in `body` when it has one. */
export type KeptFileAction = FileAction & { body?: string | undefined };
/**
 * What the actions need: the firm's voice for e-mails, the keyring that seals a message's text, and the
 * storage that holds a kept document to sign.
 */
export type FileActionDeps = { voice: FirmVoice; keyring: Keyring; storage: ObjectStorage };

const unprocessable = (field: string, message: string) => AppError.onField('UNPROCESSABLE', field, message);

/**
 * Whom files may be assigned to: staff whose access is in force, and for an analyst only themselves (taking
 * files). Each file's own rules (offshore staff on a US-only file) are checked when its turn comes. Answers
 * their names, in the order given.
 */
async function assigneesOf(db: Reader, actor: StaffActor, ids: readonly string[]): Promise<string[]> {
  const staff = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]));
  return ids.map((id) => {
    const member = staff.find((s) => s.id === id);
    const allowed =
      member !== undefined &&
      isStaffRole(member.role) &&
      accessInForce(member) &&
      (actor.role === 'admin' || id === actor.userId);
    if (!allowed) throw unprocessable('action', MESSAGES.ANALYST_INVALID);
    return `${member.firstName} ${member.lastName}`;
  });
}

/** A canned reply's title and text, or a 422 when there is none. */
export async function cannedReplyOf(db: Reader, replyId: string) {
  const [reply] = await db
    .select({ title: cannedReplies.title, body: cannedReplies.body })
    .from(cannedReplies)
    .where(eq(cannedReplies.id, replyId));
  if (!reply) throw unprocessable('reply_id', MESSAGES.BULK_REPLY_REQUIRED);
  return reply;
}

/** The invoice's price list items in the order chosen: all still listed and active, in one currency. */
async function priceItemsOf(db: Reader, ids: readonly string[]) {
  const rows = await db
    .select()
    .from(priceItems)
    .where(inArray(priceItems.id, [...ids]));
  const items = ids.map((id) => rows.find((row) => row.id === id && row.active));
  if (items.some((item) => item === undefined)) {
    throw unprocessable('price_item_ids', MESSAGES.FILE_ACTION_PRICE_ITEM_GONE);
  }
  const listed = items.filter((item) => item !== undefined);
  if (new Set(listed.map((item) => item.currency)).size > 1) {
    throw unprocessable('price_item_ids', MESSAGES.INVOICE_LINE_CURRENCY_MISMATCH);
  }
  return listed;
}

/**
 * The action in words, as a confirmation says it and a job or rule keeps it; refused (422) when what it names
 * does not exist or may not be used by this staff member.
 */
export async function describeFileAction(db: Reader, actor: StaffActor, action: FileAction): Promise<string> {
  switch (action.kind) {
    case 'assign': {
      const names = await assigneesOf(db, actor, action.analyst_ids);
      return names.length === 1 ? `Assign to ${names[0]}` : `Assign in turn to ${names.join(', ')}`;
    }
    case 'status':
      return `Change the status to ${action.status}`;
    case 'remind':
      return 'Send the checklist reminder';
    case 'template': {
      const [template] = await db
        .select({ name: requestTemplates.name })
        .from(requestTemplates)
        .where(eq(requestTemplates.id, action.template_id));
      if (!template) throw unprocessable('template_id', MESSAGES.BULK_TEMPLATE_REQUIRED);
      return `Apply the checklist template "${template.name}"`;
    }
    case 'message':
      return `Send the canned message "${(await cannedReplyOf(db, action.reply_id)).title}"`;
    case 'signature': {
      const title = await signatureTemplateTitle(db, action.signature_template_id, 'signature_template_id');
      return `Send "${title}" to sign`;
    }
    case 'invoice': {
      const items = await priceItemsOf(db, action.price_item_ids);
      const total = items.reduce((sum, item) => sum + item.amountCents, 0);
      const currency = items[0]?.currency ?? 'USD';
      return `Send an invoice for ${items.map((item) => item.name).join(', ')} (${formatMoney(total, currency)})`;
    }
    case 'deliverable': {
      const label = action.label ? `: ${action.label}` : '';
      return `Add the deliverable ${DELIVERABLE_KIND_LABELS[action.deliverable_kind]}${label}`;
    }
  }
}

/**
 * Do `action` to the client's file of `taxYear` as `actor`, in the caller's transaction. `turn` picks the
 * assignee among several (round-robin: the same turn always gives the same person, so a retry agrees).
 */
export async function performFileAction(
  tx: Database,
  deps: FileActionDeps,
  actor: StaffActor,
  file: { clientId: string; taxYear: number; turn: number },
  action: KeptFileAction,
): Promise<void> {
  const { voice } = deps;
  const { clientId, taxYear } = file;
  switch (action.kind) {
    case 'assign': {
      const analystId = action.analyst_ids[file.turn % action.analyst_ids.length];
      if (!analystId) throw new Error('a file action: nobody to assign to');
      await assignAnalyst(tx, actor, { clientId, taxYear, analystId });
      return;
    }
    case 'status':
      await changeStatus({ db: tx, voice }, actor, {
        clientId,
        taxYear,
        status: action.status,
        comment: action.comment,
      });
      return;
    case 'remind':
      try {
        await remindNow(tx, actor, { clientId, taxYear, voice });
      } catch (error) {
        if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') {
          throw new AppError('TOO_MANY_REQUESTS', { message: MESSAGES.BULK_REMINDED_RECENTLY });
        }
        throw error;
      }
      return;
    case 'template':
      await applyTemplate({
        db: tx,
        actor,
        taxYear,
        body: { client_id: clientId, template_id: action.template_id },
      });
      return;
    case 'message':
      await sendStaffMessage({
        db: tx,
        keyring: deps.keyring,
        actor,
        voice,
        clientId,
        taxYear,
        internal: false,
        // A job's text is the one frozen when it started; a rule's, the canned reply's as it reads now.
        body: action.body ?? (await cannedReplyOf(tx, action.reply_id)).body,
        uploads: [],
      });
      return;
    case 'signature':
      await sendSignatureTemplate({
        db: tx,
        storage: deps.storage,
        keyring: deps.keyring,
        voice,
        actor,
        file: { clientId, taxYear },
        templateId: action.signature_template_id,
      });
      return;
    case 'invoice': {
      const items = await priceItemsOf(tx, action.price_item_ids);
      const invoiceId = await createInvoice({
        db: tx,
        actor,
        taxYear,
        input: {
          client_id: clientId,
          currency: items[0]?.currency ?? 'USD',
          lines: items.map((item) => ({
            price_item_id: item.id,
            description: item.name,
            quantity: 1,
            unit_amount: item.amountCents,
          })),
        },
      });
      await sendInvoice({ db: tx, actor, voice, invoiceId });
      return;
    }
    case 'deliverable': {
      // Locked for update, as `saveDeliverable` locks it (the save writes the filing's next due date): a share
      // lock first would let two runners adding to one file at once deadlock on it.
      const filing = await getWorkableFiling(tx, actor, { clientId, taxYear }, 'update');
      const label = action.label?.trim() || null;
      const [existing] = await tx
        .select({ id: deliverables.id })
        .from(deliverables)
        .where(
          and(
            eq(deliverables.filingId, filing.id),
            eq(deliverables.kind, action.deliverable_kind),
            label === null
              ? sql`${deliverables.label} is null`
              : sql`lower(${deliverables.label}) = lower(${label})`,
          ),
        );
      if (existing) throw new AppError('CONFLICT', { message: MESSAGES.FILE_ACTION_DELIVERABLE_EXISTS });
      await saveDeliverable({
        db: tx,
        actor,
        key: { clientId, taxYear },
        input: { kind: action.deliverable_kind, ...(label ? { label } : {}) },
      });
      return;
    }
  }
}

/** What a background runner of file actions is started with (`app.ts`'s jobs). */
export type FileActionRunnerOptions = Omit<FileActionDeps, 'voice'> & {
  db: Database;
  /** The firm's voice as it is at each pass (a change of the firm's name shows in the next e-mails). */
  voice: () => Promise<FirmVoice>;
  log: FastifyBaseLogger;
  intervalMs?: number;
  firstRunMs?: number;
};

/**
 * A runner of file actions in the background (bulk jobs, status automations): a pass each `everyMs` (or the
 * interval configured), the first that long after start.
 */
export function startFileActionRunner(
  name: string,
  pass: (
    db: Database,
    deps: FileActionDeps & { log: FastifyBaseLogger },
    stopped: () => boolean,
  ) => Promise<number>,
  { db, voice, keyring, storage, log, intervalMs, firstRunMs }: FileActionRunnerOptions,
  everyMs = 1_000,
): RunningJob {
  return startScheduler({
    name,
    log,
    intervalMs: intervalMs ?? everyMs,
    firstRunMs: firstRunMs ?? everyMs,
    pass: async (stopped) => pass(db, { voice: await voice(), keyring, storage, log }, stopped),
  });
}
