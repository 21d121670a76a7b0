import { pdfOf, VIEWPORTS } from '../../support/files.ts';
import { expect, test } from '../../support/fixtures.ts';
import { apiPost, PASSWORD, verifiedAccount } from '../../support/portal.ts';
import { openFileTab, staffConsole } from '../../support/journeys.ts';
import { STAFF_PASSWORD } from '../../support/staff.ts';

test.describe('a client file in the staff console', () => {
  // The first reveal is refused (403) until the analyst steps up again (F-15); the browser notes it.
  test.use({ allowedConsoleErrors: [/status of 403/] });

  test("an analyst reads the client's documents (preview, download, ZIP) and profile, revealing one number", async ({
    page,
    server,
    mailbox,
    checkA11y,
  }) => {
    // The client registers, saves a profile with an SSN and uploads two W2s and a scan.
    const email = 'docs.client@example.com';
    await verifiedAccount(page, mailbox, email);
    const login = await apiPost(page, 'login/check', { email, password: PASSWORD });
    const clientId = (await login.json()).uinfo.client_id as string;
    const saved = await apiPost(page, 'user/savetaxpayer', {
      first_name: 'Ravi',
      last_name: 'Kumar',
      ssnitin: '123-45-6789',
      email,
      phoneext: 'US',
      phone: '(469)-555-0100',
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const token = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const w2 = pdfOf(4096);
    const upload = await page.request.post('/api/upload/uploaddocs', {
      headers: { 'X-XSRF-TOKEN': token },
      multipart: {
        folderPath: `${clientId}/W2/`,
        client_id: clientId,
        upt_id: '1',
        uploadedImages: { name: 'w2-acme.pdf', mimeType: 'application/pdf', buffer: w2 },
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    await page.context().clearCookies();

    // An analyst signs in (the new file waits, unassigned, in To Be Assigned).
    await staffConsole(page, server, mailbox, {
      email: 'rina@firm.example',
      role: 'analyst',
      firstName: 'Rina',
      lastName: 'Bose',
    });

    await page.goto(`/staff/clients/${clientId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ravi Kumar' })).toBeVisible();
    // Unassigned in To Be Assigned: the triage view only, no profile or documents, until she takes it (F-04).
    const triage = page.getByRole('region', { name: 'Waiting to be assigned' });
    await expect(page.getByRole('region', { name: 'Profile' })).toHaveCount(0);
    await triage.getByRole('button', { name: 'Take this file' }).click();
    await expect(
      page.getByRole('region', { name: 'Analyst' }).getByText('This file is assigned to you.'),
    ).toBeVisible();

    // The file's tabs are links, one URL each, on a phone too; the keyboard opens the Profile tab.
    const tabs = page.getByRole('navigation', { name: 'Client file' });
    await expect(tabs.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await page.setViewportSize(VIEWPORTS.phone);
    await expect(tabs.getByRole('link', { name: 'Account' })).toBeInViewport();
    await checkA11y(page);
    await page.setViewportSize(VIEWPORTS.desk);
    await tabs.getByRole('link', { name: 'Profile' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/staff/clients/${clientId}/profile$`));
    // Only the profile on it: the status form is the Overview's.
    await expect(page.getByRole('form', { name: 'Change status' })).toHaveCount(0);

    // The profile: the number masked until revealed.
    const profile = page.getByRole('region', { name: 'Profile' });
    await expect(profile.getByText('•••-••-6789')).toBeVisible();
    await expect(profile.getByText('123-45-6789')).toHaveCount(0);
    await profile.getByRole('button', { name: "Reveal the taxpayer's SSN/ITIN" }).click();
    // A reveal asks for the password again first (a step-up, good for 5 minutes).
    const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
    await stepUp.getByLabel(/^Password/).fill(STAFF_PASSWORD);
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(profile.getByText('123-45-6789')).toBeVisible();
    await profile.getByRole('button', { name: "Hide the taxpayer's SSN/ITIN" }).click();
    await expect(profile.getByText('123-45-6789')).toHaveCount(0);

    // The documents: a preview opens the PDF in a new tab, a download saves it.
    await openFileTab(page, 'Documents');
    const documents = page.getByRole('region', { name: /^Documents/ });
    const table = documents.getByRole('table', { name: 'W2' });
    await expect(table.getByRole('cell', { name: 'w2-acme.pdf', exact: true })).toBeVisible();
    await checkA11y(page);
    const preview = table.getByRole('link', { name: 'Preview w2-acme.pdf (opens in a new tab)' });
    await expect(preview).toHaveAttribute('target', '_blank');
    const previewed = await page.request.get((await preview.getAttribute('href')) ?? '');
    expect(previewed.status()).toBe(200);
    expect(previewed.headers()['content-disposition']).toMatch(/^inline; filename="w2-acme.pdf"/);
    expect(Buffer.from(await previewed.body()).equals(w2)).toBe(true);

    const single = page.waitForEvent('download');
    await table.getByRole('link', { name: 'Download w2-acme.pdf' }).click();
    expect((await single).suggestedFilename()).toBe('w2-acme.pdf');

    // A file number (on the Account tab), then every document as one ZIP named after it.
    await openFileTab(page, 'Account');
    const numberForm = page.getByRole('form', { name: 'File number' });
    await numberForm.getByLabel(/^File number/).fill('TF25-0001');
    await numberForm.getByRole('button', { name: 'Save file number' }).click();
    await expect(numberForm.getByText('The file number was saved.')).toBeVisible();
    await openFileTab(page, 'Documents');
    const zip = page.waitForEvent('download');
    await documents.getByRole('link', { name: 'Download all documents as ZIP (TF25-0001.zip)' }).click();
    const archive = await zip;
    expect(archive.suggestedFilename()).toBe('TF25-0001.zip');
    expect(await archive.failure()).toBeNull();
  });
});
