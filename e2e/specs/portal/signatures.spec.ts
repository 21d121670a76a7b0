import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { form8879, VIEWPORTS } from '../../support/files.ts';
import { expect, test, type Page } from '../../support/fixtures.ts';
import { invitedClient, openFileTab, staffMember } from '../../support/journeys.ts';
import {
  answerConsentsOnScreen,
  auditTrailOf,
  clientMenu,
  loginThroughPanel,
  PASSWORD,
  setFileStatus,
} from '../../support/portal.ts';
import { codeFor } from '../../support/staff.ts';

const TAX_YEAR_TITLE = /^Form 8879 \d{4}$/;

/** Draw a signature with the mouse on the pad (three strokes). */
async function drawSignature(page: Page) {
  const canvas = page.getByRole('img', { name: 'Signature drawing area' });
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  const strokes = [
    [
      [0.1, 0.7],
      [0.2, 0.3],
      [0.3, 0.75],
      [0.4, 0.35],
    ],
    [
      [0.45, 0.6],
      [0.55, 0.4],
      [0.65, 0.65],
    ],
    [
      [0.7, 0.5],
      [0.9, 0.45],
    ],
  ];
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    await page.mouse.move(box.x + box.width * (first[0] ?? 0), box.y + box.height * (first[1] ?? 0));
    await page.mouse.down();
    for (const [x = 0, y = 0] of rest) {
      await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 8 });
    }
    await page.mouse.up();
  }
}

/** The signed PDF behind a link, as bytes (with the page's session). */
async function download(page: Page, href: string): Promise<Buffer> {
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  return Buffer.from(await response.body());
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test.describe('documents to sign: Form 8879 for a joint return', () => {
  // The step-up the code asks for (403 before the password), and the wrong code (422), are refusals by design.
  test.use({ viewport: VIEWPORTS.phone, allowedConsoleErrors: [/status of 4(03|22)/] });

  test('an invited client says No to §7216 (US-only); staff put up an 8879 for both; each signs (drawn at 390 px, typed from the link); the signed PDF, its hash and Pre E-Filing Pending follow', async ({
    page,
    browser,
    server,
    mailbox,
    staffDesk,
    checkA11y,
  }) => {
    test.setTimeout(360_000);
    const email = 'priya.sign@example.com';
    const spouseEmail = 'arjun.sign@example.com';

    // The analyst invites a client who phoned; the file is hers.
    const staff = await staffDesk(staffMember('analyst', 'sign.analyst@firm.example', 'Meena Rao'));
    // The client sets a password from the e-mailed link, and signs in on her phone.
    const { fileUrl } = await invitedClient(page, staff, mailbox, {
      firstName: 'Priya',
      lastName: 'Raman',
      email,
      phone: '4695550123',
    });
    await page.goto('/');
    await loginThroughPanel(page, email);
    // Invited by staff: the terms and the §7216 question at this first sign-in. She says No.
    await answerConsentsOnScreen(page, 'No', 'Priya Raman', { acceptTerms: true });

    // The file now says US-only. Staff put up Form 8879 for both, with the default positions (one click).
    await staff.goto(`${fileUrl.pathname}/signatures`);
    await expect(staff.getByText('US-only').first()).toBeVisible();
    const section = staff.getByRole('region', { name: /^Signatures/ });
    await expect(section).toBeFocused();
    const request = section.getByRole('form', { name: 'Request a signature' });
    await expect(request.getByLabel('Document')).toHaveValue('8879');
    await expect(request.getByLabel(/^Title/)).toHaveValue(TAX_YEAR_TITLE);
    await request.getByRole('radio', { name: 'Both' }).check();
    await request.getByLabel(/^Spouse's name/).fill('Arjun Raman');
    await request.getByLabel(/^Spouse's e-mail/).fill(spouseEmail);
    const original = await form8879();
    await request.getByLabel('Choose the PDF to sign').setInputFiles({
      name: 'form-8879.pdf',
      mimeType: 'application/pdf',
      buffer: original,
    });
    const created = mailbox.received.length;
    await request.getByRole('button', { name: 'Send to sign' }).click();
    await expect(
      section.getByText('The document is ready to sign. The signers have been told.'),
    ).toBeVisible();
    const card = section
      .getByRole('listitem')
      .filter({ has: staff.getByRole('heading', { name: TAX_YEAR_TITLE }) });
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();
    await expect(card.getByText(/Priya Raman pending · Arjun Raman pending/)).toBeVisible();
    await checkA11y(staff);

    // The client sees "Ready to sign" on the dashboard, and Sign in the menu with its count.
    await page.goto('/user/dashboard');
    const ready = page.getByRole('region', { name: 'Ready to sign' });
    await expect(ready.getByText(TAX_YEAR_TITLE)).toBeVisible();
    await checkA11y(page);
    await expect((await clientMenu(page)).getByRole('link', { name: /^Sign 1 to sign/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await ready.getByRole('link', { name: /^Sign now/ }).click();
    await expect(page).toHaveURL(/\/user\/sign\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: TAX_YEAR_TITLE })).toBeVisible();
    await checkA11y(page);

    // Signing before reading is refused.
    const code = page.getByLabel(/6-digit code from the e-mail/);
    await code.fill('123456');
    await page.getByRole('tab', { name: 'Type' }).click();
    await page.getByLabel('Type your full name as your signature').fill('Priya Raman');
    await page.getByRole('checkbox', { name: /I agree to sign this document electronically/ }).check();
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(page.getByText('Open and read the whole document first.')).toBeVisible();

    // 1. Read: the link opens the PDF; the step shows done once the server has served it.
    const popup = page.waitForEvent('popup', { timeout: 5000 }).catch(() => null);
    await page.getByRole('button', { name: 'Open the document' }).click();
    const documentLink = page.getByRole('link', { name: /^Open Form 8879 \d{4} \(PDF\)$/ });
    await expect(documentLink).toBeVisible();
    await (await popup)?.close();
    await expect(page.getByText('Opened', { exact: true })).toBeVisible({ timeout: 15_000 });

    // 2. Confirm it's you: the password again, then the e-mailed code.
    const before = mailbox.received.length;
    await page.getByRole('button', { name: 'E-mail me a code' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
    await expect(stepUp).toBeVisible();
    await checkA11y(page);
    await stepUp.getByLabel(/^Password/).fill(PASSWORD);
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(/We e-mailed you a 6-digit code\./)).toBeVisible();
    const emailedCode = await codeFor(mailbox, email, before);

    // A wrong code is refused on the field.
    await code.fill(emailedCode === '000000' ? '111111' : '000000');
    await page.getByRole('tab', { name: 'Draw' }).click();
    await drawSignature(page);
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(page.getByText('This code is not valid or has expired. Ask for a new code.')).toBeVisible();

    // 3. Sign with the drawn signature and the right code.
    await code.fill(emailedCode);
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(page.getByText('Signed. Thank you.')).toBeVisible();
    await expect(page.getByText("We are waiting for Arjun Raman's signature.")).toBeVisible();
    await checkA11y(page);

    // The spouse signs from the e-mailed link, without an account (typed).
    const spouseLink = await mailbox.link(spouseEmail, 'sign/', created);
    const spouseContext = await browser.newContext({ baseURL: server.baseURL, viewport: VIEWPORTS.phone });
    const spouse = await spouseContext.newPage();
    await spouse.goto(spouseLink.pathname + spouseLink.search);
    await expect(spouse.getByRole('heading', { level: 1, name: 'Sign a document' })).toBeVisible();
    await expect(spouse.getByText(TAX_YEAR_TITLE)).toBeVisible();
    await checkA11y(spouse);
    // The spouse's code comes first (security review 2, S2-05): it opens the document.
    const beforeSpouse = mailbox.received.length;
    await spouse.getByRole('button', { name: 'E-mail me a code' }).click();
    await expect(spouse.getByText(/We e-mailed you a 6-digit code\./)).toBeVisible();
    await spouse
      .getByLabel(/6-digit code from the e-mail/)
      .fill(await codeFor(mailbox, spouseEmail, beforeSpouse));
    const spousePopup = spouse.waitForEvent('popup', { timeout: 5000 }).catch(() => null);
    await spouse.getByRole('button', { name: 'Open the document' }).click();
    await expect(spouse.getByRole('link', { name: /^Open Form 8879 \d{4} \(PDF\)$/ })).toBeVisible();
    await (await spousePopup)?.close();
    await expect(spouse.getByText('Opened', { exact: true })).toBeVisible({ timeout: 15_000 });
    await spouse.getByRole('tab', { name: 'Type' }).click();
    await spouse.getByLabel('Type your full name as your signature').fill('Arjun Raman');
    await spouse.getByRole('checkbox', { name: /I agree to sign this document electronically/ }).check();
    await spouse.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(spouse.getByText('Signed. Thank you.')).toBeVisible();
    const spouseDownload = spouse.getByRole('link', { name: 'Download signed PDF' });
    await expect(spouseDownload).toBeVisible();
    await checkA11y(spouse);
    // A link that is not one (or no longer works) says so in the server's words.
    await spouse.goto('/sign/not-a-real-link');
    await expect(spouse.getByRole('alert')).toHaveText(
      'This signing link is not valid or has expired. Please contact the firm.',
    );
    await spouseContext.close();

    // The client downloads the signed PDF: the original's page, stamped, and the evidence page.
    await page.goto('/user/sign');
    const signedLink = page.getByRole('link', { name: /^Download signed PDF/ });
    await expect(signedLink).toBeVisible();
    await checkA11y(page);
    const href = (await signedLink.getAttribute('href')) ?? '';
    const signed = await download(page, href);
    const originalPages = (await PDFDocument.load(original)).getPageCount();
    expect((await PDFDocument.load(signed)).getPageCount()).toBe(originalPages + 1);
    // The stored file never changes: a second download is byte-identical.
    expect(sha256(await download(page, href))).toBe(sha256(signed));

    // Staff see it signed, with the same SHA-256, and move the file on in one click.
    await staff.goto(`${fileUrl.pathname}/signatures`);
    await expect(card.getByText('Signed', { exact: true })).toBeVisible();
    await expect(card.getByText(/Priya Raman signed .* · Arjun Raman signed /)).toBeVisible();
    await expect(card.getByText(sha256(signed))).toBeVisible();
    await checkA11y(staff);
    await section.getByRole('button', { name: 'Move to Pre E-Filing Pending' }).click();
    await expect(staff.getByText('Pre E-Filing Pending', { exact: true }).first()).toBeVisible();
    await expect(section.getByRole('button', { name: 'Move to Pre E-Filing Pending' })).toHaveCount(0);
    await openFileTab(staff, 'History');
    await expect(staff.getByRole('region', { name: 'Status history' })).toContainText(
      'Form 8879 signed by every signer',
    );
    await staff.context().close();

    // The audit log holds the signed file's hash.
    await page.goto('about:blank');
    const subjects = (await auditTrailOf(server, email)).map((r) => `${r.action} ${r.subject ?? ''}`);
    expect(
      subjects.some((s) => s.includes(sha256(signed))),
      subjects.join('\n'),
    ).toBe(true);
  });
});

test.describe('never a dead end: print, sign and upload instead', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('past collecting documents, the client chooses paper for the engagement letter; its checklist item takes the signed pages', async ({
    page,
    server,
    mailbox,
    staffDesk,
    checkA11y,
  }) => {
    test.setTimeout(300_000);
    const email = 'kavya.paper@example.com';
    const title = 'Engagement letter 2025';

    const staff = await staffDesk(staffMember('analyst', 'paper.analyst@firm.example', 'Ravi Shah'));
    const { fileUrl } = await invitedClient(page, staff, mailbox, {
      firstName: 'Kavya',
      lastName: 'Menon',
      email,
      phone: '4695550188',
    });

    // The engagement letter, for the taxpayer alone.
    await staff.goto(`${fileUrl.pathname}/signatures`);
    const section = staff.getByRole('region', { name: /^Signatures/ });
    const request = section.getByRole('form', { name: 'Request a signature' });
    await request.getByLabel('Document').selectOption('engagement');
    await request.getByLabel(/^Title/).fill(title);
    await request.getByRole('radio', { name: 'Taxpayer' }).check();
    await request.getByLabel('Choose the PDF to sign').setInputFiles({
      name: 'engagement.pdf',
      mimeType: 'application/pdf',
      buffer: await form8879(),
    });
    await request.getByRole('button', { name: 'Send to sign' }).click();
    await expect(
      section.getByText('The document is ready to sign. The signers have been told.'),
    ).toBeVisible();
    await staff.context().close();

    // The return is being prepared: the checklist is read-only for everything else.
    await setFileStatus(server, email, 'Confirmation Pending');
    await page.goto('/');
    await loginThroughPanel(page, email);
    await answerConsentsOnScreen(page, 'Yes', 'Kavya Menon', { acceptTerms: true });
    await (await clientMenu(page)).getByRole('link', { name: /^Sign/ }).click();
    await expect(page).toHaveURL(/\/user\/sign$/);
    await page.getByRole('button', { name: `Print, sign and upload instead: ${title}` }).click();
    const ask = page.getByRole('dialog', { name: `Sign ${title} on paper instead?` });
    await expect(ask).toBeVisible();
    await checkA11y(page);
    await ask.getByRole('button', { name: 'Sign on paper' }).click();

    // The checklist opens on the item for the signed pages.
    await expect(page).toHaveURL(/\/user\/checklist#item-[0-9a-f-]{36}$/);
    const item = page.getByRole('listitem', { name: `Signed ${title} (print, sign and upload)` });
    await expect(item).toBeFocused();
    await checkA11y(page);
    await item.getByLabel(`Choose files for Signed ${title} (print, sign and upload)`).setInputFiles({
      name: 'signed-letter.pdf',
      mimeType: 'application/pdf',
      buffer: await form8879(),
    });
    await expect(item.getByText("Received – we're checking")).toBeVisible();

    // Its page to print stays at hand on /user/sign.
    await page.goto('/user/sign');
    await expect(page.getByText('Signing on paper', { exact: true })).toBeVisible();
    const popup = page.waitForEvent('popup', { timeout: 5000 }).catch(() => null);
    await page.getByRole('button', { name: 'Open the document to print' }).click();
    await expect(page.getByRole('link', { name: `Open ${title} (PDF)` })).toBeVisible();
    await (await popup)?.close();
    await checkA11y(page);
  });
});
