import { PDFDocument } from 'pdf-lib';
import { pdfOf, phonePhoto, VIEWPORTS } from '../../support/files.ts';
import { expect, test } from '../../support/fixtures.ts';
import { staffMember, takeFile } from '../../support/journeys.ts';
import {
  apiPost,
  backdateChecklist,
  loginThroughPanel,
  setFileStatus,
  verifiedAccount,
} from '../../support/portal.ts';
import { mailsTo } from '../../support/staff.ts';

/** What the reminder e-mails to `to` since `since` say (their raw text). */
const reminders = (mailbox: Parameters<typeof mailsTo>[0], to: string, since: number) =>
  mailsTo(mailbox, to, since).filter((mail) => /still need/i.test(mail.body));

test.describe('the document checklist on a phone', () => {
  test.use({ viewport: VIEWPORTS.phone, allowedConsoleErrors: [/status of 403/] });

  test('two employers, three scanned pages, a rejection and a new copy: complete, and the reminders stop', async ({
    page,
    server,
    mailbox,
    staffDesk,
    checkA11y,
  }) => {
    test.setTimeout(300_000);
    const email = 'checklist.client@example.com';
    await verifiedAccount(page, mailbox, email);
    // The client's id, for the staff page's address (the login call answers it).
    const check = await apiPost(page, 'login/check', { email, password: 'correct horse battery' });
    const clientId = ((await check.json()) as { uinfo: { client_id: string } }).uinfo.client_id;
    await page.goto('/');
    await loginThroughPanel(page, email);
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    const saved = await apiPost(page, 'user/savetaxpayer', {
      first_name: 'Priya',
      last_name: 'Raman',
      email,
      phoneext: 'US',
      phone: '(469)-555-0142',
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const employers = await apiPost(page, 'user/saveemployer', {
      emploerinfo: [
        {
          company_name: 'Acme',
          client_name: 'Acme',
          proj_start_date: '01-01-2025',
          proj_end_date: '06-30-2025',
        },
        {
          company_name: 'Globex',
          client_name: 'Globex',
          proj_start_date: '07-01-2025',
          proj_end_date: '12-31-2025',
        },
      ],
    });
    expect(employers.status(), await employers.text()).toBe(200);

    // The dashboard's first card says what is needed; the checklist shows a W-2 per employer.
    await page.goto('/user/dashboard');
    await expect(page.getByRole('heading', { level: 2, name: /We need 2 things for \d{4}/ })).toBeVisible();
    await page.getByRole('link', { name: 'Open your checklist' }).click();
    await expect(page).toHaveURL(/\/user\/checklist$/);
    await expect(page.getByRole('heading', { level: 1, name: /We need 2 things for \d{4}/ })).toBeVisible();
    const acme = page.getByRole('listitem', { name: 'W-2 from Acme' });
    const globex = page.getByRole('listitem', { name: 'W-2 from Globex' });
    await expect(acme).toBeVisible();
    await expect(globex).toBeVisible();
    await checkA11y(page);

    // Scan four pages for Acme: turn one, move one, remove a blurred one: one PDF named after the item.
    await acme.getByRole('button', { name: /Scan pages/ }).click();
    const scan = page.getByRole('region', { name: /^Scan pages/ });
    const shots = [
      await phonePhoto(page, 'Page one'),
      await phonePhoto(page, 'Page two'),
      await phonePhoto(page, 'Blurred'),
      await phonePhoto(page, 'Page three'),
    ];
    await scan
      .getByLabel('Photos from the library')
      .setInputFiles(
        shots.map((buffer, n) => ({ name: `IMG_00${n + 1}.jpg`, mimeType: 'image/jpeg', buffer })),
      );
    await expect(scan.getByRole('button', { name: /^Rotate page/ })).toHaveCount(4);
    await scan.getByRole('button', { name: 'Remove page 3' }).click();
    await expect(scan.getByRole('button', { name: /^Rotate page/ })).toHaveCount(3);
    await scan.getByRole('button', { name: 'Rotate page 2' }).click();
    await scan.getByRole('button', { name: 'Move page 3 earlier' }).click();
    await scan.getByRole('button', { name: 'Move page 2 later' }).click();
    await checkA11y(page);
    await scan.getByRole('button', { name: /Make PDF and upload/ }).click();
    await expect(acme.getByText("Received – we're checking")).toBeVisible({ timeout: 30_000 });
    const scanned = acme.getByRole('link', { name: 'Download W-2 from Acme.pdf' });
    await expect(scanned).toBeVisible();
    // One PDF of the three pages kept, in the order chosen.
    const download = await page.request.get((await scanned.getAttribute('href')) ?? '');
    expect(download.status()).toBe(200);
    expect((await PDFDocument.load(await download.body())).getPageCount()).toBe(3);

    // Globex does not apply this year.
    await globex.getByRole('button', { name: "Doesn't apply" }).click();
    await globex.getByLabel(/Why doesn't it apply/).fill('I left Globex in 2024; no W-2 this year.');
    await globex.getByRole('button', { name: "Confirm: doesn't apply" }).click();
    await expect(globex.getByText('Reason: I left Globex in 2024; no W-2 this year.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/We need 2 things/);

    // The analyst (her own browser, a desktop) takes the file and rejects the scan with a reason.
    const staff = await staffDesk(staffMember('analyst', 'asha@firm.example', 'Asha Iyer'));
    await takeFile(staff, clientId);
    // The analyst has asked for the documents (the file's usual status while they come in).
    await staff.goto('about:blank');
    await setFileStatus(server, email, 'Docs Upload Pending');
    await staff.goto(`/staff/clients/${clientId}/checklist`);
    const checklist = staff.getByRole('region', { name: /^Checklist/ });
    await expect(checklist.getByText('0 of 1 accepted')).toBeVisible();
    await checkA11y(staff);
    await checklist.getByRole('button', { name: 'Reject W-2 from Acme' }).click();
    await checklist
      .getByLabel('Reason the client will see')
      .fill('Page 2 is cut off at the bottom; please scan it again.');
    await checklist
      .getByRole('form', { name: 'Reject W-2 from Acme' })
      .getByRole('button', { name: 'Reject' })
      .click();
    await expect(checklist.getByText(/Rejected, the client sees:/)).toBeVisible();
    // The staff checklist on a phone too.
    await staff.setViewportSize(VIEWPORTS.phone);
    await checkA11y(staff);
    await staff.setViewportSize(VIEWPORTS.desk);

    // Days pass: the scheduler's reminder lists only what is open (Acme), not what does not apply.
    const before = mailbox.received.length;
    await page.goto('about:blank');
    await staff.goto('about:blank');
    await backdateChecklist(server, email, 4);
    await expect.poll(() => reminders(mailbox, email, before).length, { timeout: 30_000 }).toBe(1);
    const reminder = reminders(mailbox, email, before)[0]?.body ?? '';
    expect(reminder).toContain('W-2 from Acme');
    expect(reminder).not.toContain('Globex');
    expect(reminder).toMatch(/\/user\/checklist/);

    // The client sees the reason and the reminder, and uploads a new copy (an ordinary PDF this time).
    await page.goto('/user/checklist');
    await expect(
      acme.getByText('Page 2 is cut off at the bottom; please scan it again.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText(/We asked on/)).toBeVisible();
    await checkA11y(page);
    await acme
      .locator('input[type=file]')
      .first()
      .setInputFiles({
        name: 'w2-acme-rescan.pdf',
        mimeType: 'application/pdf',
        buffer: pdfOf('Acme W-2, all pages'),
      });
    await expect(acme.getByText("Received – we're checking")).toBeVisible({ timeout: 30_000 });

    // The analyst accepts: the file is complete and moves on with one click.
    await staff.goto(`/staff/clients/${clientId}/checklist`);
    await checklist.getByRole('button', { name: 'Accept W-2 from Acme' }).click();
    await expect(checklist.getByText('1 of 1 accepted')).toBeVisible();
    await expect(checklist.getByText('Documents complete').first()).toBeVisible();
    await checklist.getByRole('button', { name: /Documents complete — move to Preparation Pending/ }).click();
    await expect(staff.getByText('Preparation Pending').first()).toBeVisible();
    await staff.context().close();

    // The client's checklist says so; and however many days pass, no reminder follows.
    await page.goto('/user/checklist');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Everything is in/);
    // The client's checklist on a desktop too.
    await page.setViewportSize(VIEWPORTS.desk);
    await checkA11y(page);
    const after = mailbox.received.length;
    await page.goto('about:blank');
    await backdateChecklist(server, email, 30);
    // Passes run every 2 s: wait through several, then nothing new may have come.
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    expect(reminders(mailbox, email, after)).toEqual([]);
  });
});
