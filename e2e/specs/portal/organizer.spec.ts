import { readFile } from 'node:fs/promises';
import { and, eq, filings, organizerAnswers, siteSettings } from '@taxfirm/db';
import { VIEWPORTS } from '../../support/files.ts';
import { expect, test, type Page } from '../../support/fixtures.ts';
import { openFileTab, staffMember } from '../../support/journeys.ts';
import { apiPost, clientIdOf, loginThroughPanel, verifiedAccount } from '../../support/portal.ts';

/** Answer No to each yes/no question on the screen that has no answer yet. */
async function noToTheRest(page: Page) {
  for (const group of await page.getByRole('main').getByRole('radiogroup').all()) {
    const no = group.getByRole('radio', { name: 'No', exact: true });
    if ((await no.count()) === 0) continue;
    if ((await group.getByRole('radio', { checked: true }).count()) > 0) continue;
    await no.check();
  }
}

/** axe-core on the screen at a phone's width and a desk's, back at the phone's after. */
async function checkBothWidths(page: Page, checkA11y: (page: Page) => Promise<void>) {
  await checkA11y(page);
  await page.setViewportSize(VIEWPORTS.desk);
  await checkA11y(page);
  await page.setViewportSize(VIEWPORTS.phone);
}

/** The section on screen, by its heading. */
const section = (page: Page, title: string) => page.getByRole('heading', { name: title, exact: true });

async function next(page: Page) {
  await page.getByRole('button', { name: 'Next' }).click();
}

/** One row of a repeating group: its fieldset ("Account 1"). */
const row = (page: Page, legend: string) => page.getByRole('group', { name: legend, exact: true });

test.describe('the organizer (issue 37)', () => {
  // One journey over two browsers, with axe-core at two widths on each of its eight screens.
  test.setTimeout(360_000);

  test('an H-1B client with Indian accounts and funds answers over two visits, confirms last year, sends it; staff see FBAR required, the PFIC funds and the worksheets', async ({
    page,
    browser,
    server,
    mailbox,
    staffDesk,
    checkA11y,
  }) => {
    const email = 'organizer.nri@example.com';
    const staff = await staffDesk(staffMember('admin', 'organizer.admin@firm.example', 'Ada Shah'));
    await page.setViewportSize(VIEWPORTS.phone);
    await verifiedAccount(page, mailbox, email);

    // Last year the client filed with the firm and sent the organizer: an employer and an H-1B.
    const { clientId, year } = await server.withDatabase(async (db) => {
      const id = await clientIdOf(db, email);
      const [settings] = await db.select({ year: siteSettings.currentTaxYear }).from(siteSettings);
      const current = settings?.year ?? 0;
      await db.insert(filings).values({ clientId: id, taxYear: current - 1, status: 'Filing Docs Sent' });
      return { clientId: id, year: current };
    });
    const lastYear = await apiPost(staff, 'staff/organizer/save', {
      client_id: clientId,
      taxy: year - 1,
      reason: 'Last year, from the paper organizer',
      answers: {
        jobs: [{ row_id: 'job-1', employer: 'Infosys Ltd', state: 'NJ' }],
        visa: 'h1b',
        days_us: 350,
        days_us_prior: 340,
        days_us_prior2: 200,
        married: false,
      },
    });
    expect(lastYear.status()).toBe(200);
    await server.withDatabase((db) =>
      db
        .update(organizerAnswers)
        .set({ state: 'sent', sentAt: new Date() })
        .where(and(eq(organizerAnswers.clientId, clientId), eq(organizerAnswers.taxYear, year - 1))),
    );

    // The admin keeps the year's INR rate in Settings (the seed's for 2025, entered from the Treasury's table).
    await staff.goto('/staff/settings');
    const rates = staff.getByRole('form', { name: 'Set a year-end rate' });
    await rates.getByLabel('Currency').selectOption('INR');
    await rates.getByLabel('Year').fill(String(year));
    await rates.getByLabel('Units per US dollar').fill('89.873');
    await rates.getByLabel('Source').fill(`Treasury Reporting Rates of Exchange, 31 December ${year}`);
    await rates.getByRole('button', { name: 'Save rate' }).click();
    await expect(staff.getByText('The rate is saved.')).toBeVisible();

    // First visit, on a phone: from the dashboard's card.
    await loginThroughPanel(page, email);
    const card = page.getByRole('region', { name: `Your ${year} organizer` });
    await expect(card).toContainText('Not started');
    await card.getByRole('link', { name: 'Start' }).click();
    await expect(page).toHaveURL(/\/user\/organizer$/);

    await expect(section(page, 'What changed this year')).toBeVisible();
    await expect(
      page.getByRole('progressbar', { name: 'Your progress through the organizer' }),
    ).toHaveAttribute('aria-valuetext', 'Section 1 of 6');
    await page
      .getByRole('radiogroup', { name: `Did you start a new job in ${year}?` })
      .getByRole('radio', { name: 'No' })
      .check();
    await noToTheRest(page);
    await checkBothWidths(page, checkA11y);
    await next(page);

    await expect(section(page, 'Income')).toBeVisible();
    const offer = page.getByRole('region', { name: 'Same as last year?' });
    await expect(offer).toContainText('Infosys Ltd');
    await checkBothWidths(page, checkA11y);
    await offer.getByRole('button', { name: 'Yes, same as last year' }).click();
    await expect(row(page, 'Employer 1').getByRole('textbox', { name: 'Employer', exact: true })).toHaveValue(
      'Infosys Ltd',
    );
    await page
      .getByRole('radiogroup', { name: `Did you sell stock, funds or crypto in ${year}?` })
      .getByRole('radio', { name: 'No' })
      .check();
    await noToTheRest(page);
    await next(page);

    await expect(section(page, 'Deductions and credits')).toBeVisible();
    await noToTheRest(page);
    await checkBothWidths(page, checkA11y);
    await next(page);

    await expect(section(page, 'Health coverage')).toBeVisible();
    await page.getByRole('radio', { name: 'Through an employer' }).check();
    await checkBothWidths(page, checkA11y);
    await next(page);

    await expect(section(page, 'Where you lived')).toBeVisible();
    await page
      .getByRole('region', { name: 'Same as last year?' })
      .getByRole('button', { name: 'Yes, same as last year' })
      .click();
    await page.getByRole('radio', { name: 'Married filing jointly' }).check();
    await page.getByLabel(`Days you were in the US in ${year}`, { exact: true }).fill('335');
    await page.getByLabel(`Days you were in the US in ${year - 1}`, { exact: true }).fill('350');
    await page.getByLabel(`Days you were in the US in ${year - 2}`, { exact: true }).fill('340');
    await noToTheRest(page);
    await expect(page.getByText(/you meet the Substantial Presence Test/)).toBeVisible();
    await checkBothWidths(page, checkA11y);
    await next(page);
    await expect(section(page, 'India and other countries')).toBeVisible();

    // Second visit, in another browser: the organizer resumes where the answers stop.
    const other = await browser.newContext({ baseURL: server.baseURL, viewport: VIEWPORTS.phone });
    const phone = await other.newPage();
    await phone.goto('/');
    await loginThroughPanel(phone, email);
    await expect(phone).toHaveURL(/\/user\/dashboard$/);
    await expect(phone.getByRole('region', { name: `Your ${year} organizer` })).toContainText(
      'In progress (5 of 6 sections)',
    );
    await phone.goto('/user/organizer');
    await expect(section(phone, 'India and other countries')).toBeVisible();

    const yes = (name: string) =>
      phone.getByRole('radiogroup', { name }).getByRole('radio', { name: 'Yes', exact: true }).check();
    await yes('Did you hold or sign on any bank, deposit or investment account outside the US?');
    await phone.getByRole('button', { name: 'Add account' }).click();
    const nro = row(phone, 'Account 1');
    await nro.getByLabel('Bank or institution').fill('State Bank of India');
    await nro.getByRole('radio', { name: 'India' }).check();
    await nro.getByLabel('Account type').selectOption({ label: 'NRO savings' });
    await nro
      .getByRole('radiogroup', { name: 'Held jointly with someone?' })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await nro.getByLabel('Joint holder’s name').fill('Meena Kumar');
    await nro.getByLabel(`Highest balance at any time in ${year}`, { exact: true }).fill('9,00,000');
    await nro.getByLabel(`Balance on 31 December ${year}`, { exact: true }).fill('8,50,000');
    await phone.getByRole('button', { name: 'Add account' }).click();
    const fd = row(phone, 'Account 2');
    await fd.getByLabel('Bank or institution').fill('HDFC Bank');
    await fd.getByRole('radio', { name: 'India' }).check();
    await fd.getByLabel('Account type').selectOption({ label: 'Fixed deposit (FD)' });
    await fd
      .getByRole('radiogroup', { name: 'Held jointly with someone?' })
      .getByRole('radio', { name: 'No' })
      .check();
    await fd.getByLabel(`Highest balance at any time in ${year}`, { exact: true }).fill('3,00,000');
    await fd.getByLabel(`Balance on 31 December ${year}`, { exact: true }).fill('3,00,000');

    await yes('Did you hold Indian mutual funds (or other funds bought outside the US)?');
    for (const [n, scheme] of [
      [1, 'Flexi Cap Fund - Growth'],
      [2, 'Small Cap Fund - Growth'],
    ] as const) {
      await phone.getByRole('button', { name: 'Add fund' }).click();
      const fund = row(phone, `Fund ${n}`);
      await fund.getByLabel('Fund house').fill('HDFC Mutual Fund');
      await fund.getByLabel('Folio number').fill(`1234567${n}`);
      await fund.getByLabel('Scheme name').fill(scheme);
      await fund.getByLabel(`Value on 31 December ${year}`, { exact: true }).fill('2,50,000');
    }
    await phone.getByRole('textbox', { name: 'Your PAN' }).fill('abcde1234f');
    await phone.getByRole('radio', { name: 'Yes, it is operative' }).check();
    await yes('Would you like us to file your Indian income-tax return (ITR)?');
    await noToTheRest(phone);
    await checkBothWidths(phone, checkA11y);
    await next(phone);

    await expect(section(phone, 'Check your answers')).toBeVisible();
    await expect(phone.getByRole('main')).toContainText('State Bank of India');
    await expect(phone.getByRole('main')).not.toContainText('ABCDE1234F');
    await checkBothWidths(phone, checkA11y);
    await phone.getByRole('button', { name: 'Send to my preparer' }).click();
    await expect(phone.getByText('Your organizer is sent to your preparer.')).toBeVisible();
    await checkBothWidths(phone, checkA11y);

    // The checklist gained the interest certificate, the FD statement and the CAS (password-protected).
    await phone.goto('/user/checklist');
    const checklist = phone.getByRole('main');
    await expect(checklist).toContainText(
      'Interest certificate and statement for your NRO account at State Bank of India',
    );
    await expect(checklist).toContainText('FD statement and interest certificate from HDFC Bank');
    await expect(checklist).toContainText('Mutual-fund CAS (CAMS/KFintech), January to December');
    await expect(checklist).toContainText('password-protected PDF');
    await other.close();

    // Staff: FBAR required at that rate (INR 89.873: 9,00,000 → $10,015; 3,00,000 → $3,339).
    await staff.goto(`/staff/clients/${clientId}`);
    await openFileTab(staff, 'Organizer');
    const fbar = staff.getByRole('region', { name: 'FBAR required' });
    await expect(fbar).toContainText('$13,354');
    await expect(staff.getByRole('region', { name: 'PFIC funds (one Form 8621 each)' })).toContainText(
      '2 funds: 2 Forms 8621.',
    );
    const suggested = staff.getByRole('region', { name: 'Suggested deliverables' });
    await expect(suggested).toContainText('FBAR');
    await expect(suggested).toContainText('ITR');
    /** A worksheet downloaded from its button: its file name and bytes. */
    const download = async (name: string) => {
      const [file] = await Promise.all([
        staff.waitForEvent('download'),
        staff.getByRole('button', { name }).click(),
      ]);
      return { name: file.suggestedFilename(), bytes: await readFile((await file.path()) ?? '') };
    };
    const csv = await download('FBAR worksheet (CSV)');
    expect(csv.name).toBe(`fbar-worksheet-${year}.csv`);
    expect(csv.bytes.toString('utf8')).toContain(
      'State Bank of India,India,NRO savings,Meena Kumar,INR,900000,10015',
    );
    const pdf = await download('FBAR worksheet (PDF)');
    expect(pdf.name).toBe(`fbar-worksheet-${year}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pfic = await download('PFIC worksheet (CSV)');
    expect(pfic.bytes.toString('utf8')).toContain('Small Cap Fund - Growth');
    // The preparer's summary marks what changed since last year (this year's days, among others).
    await expect(staff.getByText('Changed from last year').first()).toBeVisible();
    await checkA11y(staff);
    await staff.setViewportSize(VIEWPORTS.phone);
    await checkA11y(staff);
  });
});
