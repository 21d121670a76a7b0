/**
 * The firm's named checklist templates: listed, saved (new, replaced, or from a file's checklist) and
 * deleted. An admin changes any template, other staff their own; every change is audited.
 */
import { MESSAGES } from '@taxfirm/contract';
import { and, asc, eq, isNull, ne, requestItems, requestTemplates, sql, type Database } from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { getWorkableFiling } from '../filings/filings.service.ts';
import type { TemplateItem } from './requests.items.service.ts';
import { liveItemsOf, type Tx } from './requests.service.ts';
import { STAFF_REQUEST_MESSAGES } from './requests.staff.service.ts';

export type TemplateAction =
  | { action: 'list' }
  | { action: 'save'; template_id?: string | undefined; name: string; items: TemplateItem[] }
  | { action: 'save_from_file'; name: string; client_id: string; taxYear: number }
  | { action: 'delete'; template_id: string };

const nameTaken = () => new AppError('CONFLICT', { message: MESSAGES.REQUEST_TEMPLATE_NAME_TAKEN });

/** Every template with its items, by name. */
export async function listTemplates(db: Pick<Database, 'select'>) {
  const rows = await db.select().from(requestTemplates).orderBy(asc(requestTemplates.name));
  return rows.map((row) => ({
    template_id: row.id,
    name: row.name,
    items: row.items.map((item) => ({
      type: item.type,
      title: item.title,
      person: item.person ?? null,
      note: item.note ?? null,
      required: item.required,
    })),
  }));
}

/** A template this staff member may change: an admin any, others their own (the seeded ones are the admins'). */
async function ownTemplate(tx: Tx, actor: StaffActor, templateId: string) {
  const [template] = await tx
    .select({ id: requestTemplates.id, createdBy: requestTemplates.createdBy })
    .from(requestTemplates)
    .where(eq(requestTemplates.id, templateId))
    .for('update');
  if (!template) throw new AppError('NOT_FOUND', { message: STAFF_REQUEST_MESSAGES.TEMPLATE_NOT_FOUND });
  if (actor.role !== 'admin' && template.createdBy !== actor.userId) {
    throw new AppError('FORBIDDEN', { message: STAFF_REQUEST_MESSAGES.TEMPLATE_NOT_YOURS });
  }
  return template;
}

/** The name is free (ignoring case), but for the template being renamed. */
async function assertNameFree(tx: Tx, name: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: requestTemplates.id })
    .from(requestTemplates)
    .where(
      and(
        sql`lower(${requestTemplates.name}) = lower(${name})`,
        exceptId ? ne(requestTemplates.id, exceptId) : undefined,
      ),
    );
  if (taken) throw nameTaken();
}

const templateItemOf = (item: TemplateItem): TemplateItem => ({
  type: item.type,
  title: item.title.trim(),
  person: item.person ?? null,
  note: item.note?.trim() || null,
  required: item.required,
});

/** List, save (new or replaced), save a file's checklist as a template, or delete one; audited. */
export async function manageTemplates(deps: { db: Database; actor: StaffActor; input: TemplateAction }) {
  const { db, actor, input } = deps;
  if (input.action === 'list') return { message: MESSAGES.SUCCESS, templates: await listTemplates(db) };
  try {
    await db.transaction(async (tx) => {
      switch (input.action) {
        case 'save': {
          const name = input.name.trim();
          const items = input.items.map(templateItemOf);
          if (input.template_id) {
            await ownTemplate(tx, actor, input.template_id);
            await assertNameFree(tx, name, input.template_id);
            await tx
              .update(requestTemplates)
              .set({ name, items, updatedAt: new Date() })
              .where(eq(requestTemplates.id, input.template_id));
          } else {
            await assertNameFree(tx, name);
            await tx.insert(requestTemplates).values({ name, items, createdBy: actor.userId });
          }
          await audit(tx, { actor, action: 'staff.request.template.save', subject: name });
          return;
        }
        case 'save_from_file': {
          const filing = await getWorkableFiling(tx, actor, {
            clientId: input.client_id,
            taxYear: input.taxYear,
          });
          // Items made for this file by staff or a template; not the profile's or last year's suggestions,
          // nor a dependent's: those carry this client's names (employers, family), and every staff
          // member sees the templates.
          const rows = await tx
            .select()
            .from(requestItems)
            .where(
              liveItemsOf(
                filing.clientId,
                eq(requestItems.filingId, filing.id),
                isNull(requestItems.dependentId),
                sql`${requestItems.source} in ('staff', 'template')`,
              ),
            )
            .orderBy(asc(requestItems.position));
          if (rows.length === 0) {
            throw new AppError('VALIDATION_FAILED', {
              message: STAFF_REQUEST_MESSAGES.TEMPLATE_NOTHING_TO_SAVE,
              details: { client_id: STAFF_REQUEST_MESSAGES.TEMPLATE_NOTHING_TO_SAVE },
            });
          }
          const name = input.name.trim();
          await assertNameFree(tx, name);
          await tx.insert(requestTemplates).values({
            name,
            items: rows.map((row) =>
              templateItemOf({
                type: row.type,
                title: row.title,
                person: row.person === 'dependent' ? null : row.person,
                note: row.note,
                required: row.required,
              }),
            ),
            createdBy: actor.userId,
          });
          await audit(tx, {
            actor,
            action: 'staff.request.template.save',
            clientId: filing.clientId,
            subject: name,
          });
          return;
        }
        case 'delete': {
          await ownTemplate(tx, actor, input.template_id);
          await tx.delete(requestTemplates).where(eq(requestTemplates.id, input.template_id));
          await audit(tx, { actor, action: 'staff.request.template.delete', subject: input.template_id });
          return;
        }
      }
    });
  } catch (error) {
    // Two staff saving the same name at once: the unique index decides.
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  const message = input.action === 'delete' ? MESSAGES.SUCCESS : MESSAGES.REQUEST_TEMPLATE_SAVED;
  return { message, templates: await listTemplates(db) };
}
