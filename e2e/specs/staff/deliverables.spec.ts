import { ruleDatesOf } from '../../support/due-dates.ts';
import { VIEWPORTS } from '../../support/files.ts';
import { expect, test } from '../../support/fixtures.ts';
import { invitedClient, staffMember } from '../../support/journeys.ts';
import { answerConsentsOnScreen, apiPost, loginThroughPanel } from '../../support/portal.ts';

test.describe('deliverables: what the firm files, its owner and its due date', () => {
  test("an analyst adds the Indian return the profile suggests; an admin records the federal extension; the client's dashboard shows the new date and why", async ({
    page,
    staffDesk,
    mailbox,
    checkA11y,
  }) => {
    // Two desks and the client's dashboard: past 90 s on a slower two-core host (2026-11-29).
    test.setTimeout(300_000);
    const email = 'priya.deadlines@example.com';
    const analyst = await staffDesk(
      staffMember('analyst', 'deadlines.analyst@firm.example', 'Kavitha Pillai'),
    );
    const { fileUrl } = await invitedClient(page, analyst, mailbox, {
      firstName: 'Priya',
      lastName: 'Iyer',
      email,
      phone: '4695550140',
    });
    await page.goto('/');
    await loginThroughPanel(page, email);
    await answerConsentsOnScreen(page, 'Yes', 'Priya Iyer', { acceptTerms: true });
    const settings = await apiPost(page, 'settings/getsettings', {});
    const taxYear = (await settings.json()).data[0].current_tax_year as number;
    const dates = ruleDatesOf(taxYear);
    // Her profile's phone is Indian: a tie to India.
    const saved = await apiPost(page, 'user/savetaxpayer', {
      first_name: 'Priya',
      last_name: 'Iyer',
      email,
      phoneext: 'INDIA',
      phone: '9876543210',
    });
    expect(saved.status(), await saved.text()).toBe(200);

    // The analyst: the federal return is the file (her analyst, its status), due April 15.
    await analyst.goto(fileUrl.pathname);
    const section = analyst.getByRole('region', { name: 'Deliverables' });
    const table = section.getByRole('table', { name: `Deliverables of Priya Iyer, tax year ${taxYear}` });
    const federal = table.getByRole('row', { name: /Federal return \(Form 1040\)/ });
    await expect(federal).toContainText('Kavitha Pillai');
    await expect(federal).toContainText(dates.april);
    // The profile suggests the ITR and the FBAR; she confirms the ITR.
    await expect(section.getByText('The profile shows ties to India.')).toBeVisible();
    await section.getByRole('button', { name: 'Add Indian return (ITR)' }).click();
    const add = analyst.getByRole('form', { name: 'Add a deliverable' });
    await expect(add.getByLabel('What the firm files')).toHaveValue('itr');
    await add.getByLabel('Owner').selectOption({ label: 'Kavitha Pillai (analyst)' });
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByText('Deliverable saved.')).toBeVisible();
    const itr = table.getByRole('row', { name: /Indian return \(ITR\)/ });
    await expect(itr).toContainText(dates.july);
    await expect(section.getByRole('button', { name: 'Add Indian return (ITR)' })).toHaveCount(0);
    await checkA11y(analyst);

    // An admin records the federal extension: the date moves to October 15.
    const admin = await staffDesk(staffMember('admin', 'deadlines.admin@firm.example', 'Anil Shah'));
    await admin.goto(fileUrl.pathname);
    const adminSection = admin.getByRole('region', { name: 'Deliverables' });
    await adminSection.getByRole('button', { name: 'Edit Federal return (Form 1040)' }).click();
    const edit = admin.getByRole('form', { name: 'Edit Federal return (Form 1040)' });
    await expect(edit.getByLabel('Owner')).toHaveCount(0);
    await edit.getByRole('checkbox', { name: /Extension recorded \(Form 4868 filed\)/ }).check();
    await expect(edit.getByText(`Leave empty for the rule's date: ${dates.october}.`)).toBeVisible();
    await checkA11y(admin);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(adminSection.getByText('Deliverable saved.')).toBeVisible();
    const adminFederal = adminSection.getByRole('row', { name: /Federal return \(Form 1040\)/ });
    await expect(adminFederal).toContainText(dates.october);
    await expect(adminFederal).toContainText('Extended');
    await admin.setViewportSize(VIEWPORTS.phone);
    await checkA11y(admin);

    // The client, on her phone: her deadlines, and the extension in plain words.
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/user/dashboard');
    const deadlines = page.getByRole('region', { name: `Your deadlines for ${taxYear}` });
    await expect(deadlines.getByRole('listitem').filter({ hasText: 'Federal return' })).toContainText(
      `Due ${dates.october} (extended)`,
    );
    await expect(deadlines.getByRole('listitem').filter({ hasText: 'Indian return' })).toContainText(
      `Due ${dates.july}`,
    );
    await expect(
      deadlines.getByText(
        `We filed an extension for your federal return, so it is now due ${dates.october}. An extension gives more time to file, not to pay: any tax you owe is due by ${dates.april}.`,
      ),
    ).toBeVisible();
    // Her deadlines never name the firm's staff.
    await expect(deadlines).not.toContainText('Kavitha Pillai');
    await checkA11y(page);
    await page.setViewportSize(VIEWPORTS.desk);
    await checkA11y(page);
  });
});
