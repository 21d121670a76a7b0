import { MESSAGES } from '@taxfirm/contract';
import { eq, filings } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedFirm } from '../../../test/factories.ts';
import {
  signUpAndLogIn,
  useTestApp,
  type ClientSession as Session,
  type StaffSession as Staff,
} from '../../../test/helpers.ts';
import { STAFF_REQUEST_MESSAGES } from './requests.staff.service.ts';
import { checklistHelpers, insertEmployers, ok } from './testing/checklist-helpers.ts';

/** The firm's named checklist templates (staff/requests/templates), and applying one to a file. */
const t = useTestApp();
const { staffList } = checklistHelpers(t);
let taxYear: number;
let admin: Staff;
let analyst: Staff;
let otherAnalyst: Staff;
let ravi: Session;

const templates = (who: Staff, body: Record<string, unknown>) =>
  t.postAs(who.sid, '/api/staff/requests/templates', body);
const applyTemplate = (who: Staff, client: Session, templateId: string) =>
  t.postAs(who.sid, '/api/staff/requests/applytemplate', {
    client_id: client.clientId,
    template_id: templateId,
  });

beforeAll(async () => {
  ({ taxYear, admin, analyst, otherAnalyst, ravi } = await seedFirm(t, {
    tag: 'stafftemplates',
    status: 'Docs Upload Pending',
  }));
});

describe('staff/requests/templates', () => {
  it('saves, lists, applies (once), saves from a file and deletes templates', async () => {
    const saved = await ok(
      await templates(analyst, {
        action: 'save',
        name: 'Students',
        items: [
          { type: '1098-t', title: '1098-T from the university', required: true },
          { type: 'other', title: 'Scholarship letters', required: false, note: 'If any' },
        ],
      }),
    );
    expect(saved.status_smessage).toBe(MESSAGES.REQUEST_TEMPLATE_SAVED);
    const students = saved.templates.find((tpl: { name: string }) => tpl.name === 'Students');
    expect(students.items).toEqual([
      { type: '1098-t', title: '1098-T from the university', person: null, note: null, required: true },
      { type: 'other', title: 'Scholarship letters', person: null, note: 'If any', required: false },
    ]);
    const taken = await templates(admin, {
      action: 'save',
      name: 'students',
      items: [{ type: 'other', title: 'x', required: true }],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().status_smessage).toBe(MESSAGES.REQUEST_TEMPLATE_NAME_TAKEN);

    await t.database.db
      .update(filings)
      .set({ status: 'Docs Upload Pending' })
      .where(eq(filings.clientId, ravi.clientId));
    await ok(await applyTemplate(otherAnalyst, ravi, students.template_id));
    await ok(await applyTemplate(otherAnalyst, ravi, students.template_id));
    const ravis = await staffList(otherAnalyst, ravi);
    // The template's items once each (the profile's suggestions come after them), positions dense.
    expect(ravis.items.filter((i) => i.source === 'template').map((i) => i.title)).toEqual([
      '1098-T from the university',
      'Scholarship letters',
    ]);
    expect(ravis.items.map((i) => i.position)).toEqual(ravis.items.map((_, index) => index));

    const fromFile = await ok(
      await templates(otherAnalyst, {
        action: 'save_from_file',
        name: 'From Ravi',
        client_id: ravi.clientId,
      }),
    );
    expect(fromFile.templates.find((tpl: { name: string }) => tpl.name === 'From Ravi').items).toHaveLength(
      2,
    );
    // Suggestions carry the client's names (employers, family): a file of only those gives no template.
    const neil = await signUpAndLogIn(t, 'neil.staffrequests@example.com', { first: 'Neil', last: 'Das' });
    await insertEmployers(t.database.db, neil, taxYear, [{ companyName: 'Umbrella' }]);
    await t.database.db
      .update(filings)
      .set({ status: 'Docs Upload Pending', assignedTo: analyst.userId })
      .where(eq(filings.clientId, neil.clientId));
    expect((await staffList(analyst, neil)).items.map((i) => i.title)).toEqual(['W-2 from Umbrella']);
    const onlySuggested = await templates(analyst, {
      action: 'save_from_file',
      name: 'From Neil',
      client_id: neil.clientId,
    });
    expect(onlySuggested.statusCode).toBe(400);
    expect(onlySuggested.json().status_smessage).toBe(STAFF_REQUEST_MESSAGES.TEMPLATE_NOTHING_TO_SAVE);

    // An analyst changes their own templates only; admins any.
    const seeded = (await ok(await templates(analyst, { action: 'list' }))).templates.find(
      (tpl: { name: string }) => tpl.name === 'Business',
    );
    const notYours = await templates(analyst, { action: 'delete', template_id: seeded.template_id });
    expect(notYours.statusCode).toBe(403);
    await ok(await templates(analyst, { action: 'delete', template_id: students.template_id }));
    const after = await ok(await templates(admin, { action: 'list' }));
    expect(after.templates.map((tpl: { name: string }) => tpl.name)).toEqual([
      'Business',
      'From Ravi',
      'NRI add-on',
      'US individual',
    ]);
    expect((await templates(admin, { action: 'delete', template_id: students.template_id })).statusCode).toBe(
      404,
    );
    const bad = await templates(admin, { action: 'save', name: '', items: [] });
    expect(bad.statusCode).toBe(400);
  });
});
