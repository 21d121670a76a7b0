import { eq, filings, filingStatusHistory, invoices, siteSettings } from '@taxfirm/db';
import { pageText } from '@taxfirm/server/test/pdf-text.ts';
import { VIEWPORTS } from '../../support/files.ts';
import { expect, test, type Page } from '../../support/fixtures.ts';
import { staffMember } from '../../support/journeys.ts';
import type { AppServer } from '../../support/server.ts';
import {
  answerConsentsOnScreen,
  clientIdOf,
  loginThroughPanel,
  PASSWORD,
  setFileStatus,
} from '../../support/portal.ts';
import { inviteClient, mailsTo, setPasswordThroughLink } from '../../support/staff.ts';

/** The client's filing, its history and its invoices, as the database holds them. */
async function books(server: AppServer, email: string) {
  return server.withDatabase(async (db) => {
    const clientId = await clientIdOf(db, email);
    const [filing] = await db.select().from(filings).where(eq(filings.clientId, clientId));
    const history = filing
      ? await db.select().from(filingStatusHistory).where(eq(filingStatusHistory.filingId, filing.id))
      : [];
    const rows = await db.select().from(invoices).where(eq(invoices.clientId, clientId));
    return { filing, history, invoices: rows };
  });
}

/** Pay in the sandbox checkout with the card that succeeds. */
async function payWithCard(page: Page, amount: string) {
  const dialog = page.getByRole('dialog', { name: /Sandbox checkout/ });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/^Card number/).pressSequentially('4111111111111111');
  await dialog.getByLabel(/^Expiry/).pressSequentially('1239');
  await dialog.getByLabel(/^CVV/).pressSequentially('123');
  await dialog.getByLabel(/^Name on card/).fill('Anika Bose');
  await dialog.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
}

/** The line drawn right after a label in a PDF's text (a label and its amount are drawn one after the other). */
function valueAfter(text: string, label: string): string | undefined {
  const lines = text.split('\n');
  const at = lines.indexOf(label);
  return at < 0 ? undefined : lines[at + 1];
}

/** A PDF behind a link (with the page's session): its bytes and its first page's text. */
async function pdfBehind(page: Page, href: string) {
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  const bytes = Buffer.from(await response.body());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pageText(bytes, 0);
}

test.describe('invoices: the firm says what is owed, the client pays exactly that', () => {
  test('an admin edits the price list; an analyst invoices $350 (federal + state, 10% off); the client pays $200 then $150 at 390 px; the file moves on only after the second; receipts and the Invoices tab add up', async ({
    page,
    server,
    mailbox,
    staffDesk,
    checkA11y,
  }) => {
    test.setTimeout(360_000);
    const email = 'anika.invoice@example.com';

    // The admin sets the prices and lets clients pay in parts.
    const admin = await staffDesk(staffMember('admin', 'billing.admin@firm.example', 'Sita Rao'));
    try {
      await admin.goto('/staff/settings');
      const prices = admin.getByRole('form', { name: 'Price list' });
      await expect(prices.getByRole('group', { name: 'Item 1' }).getByLabel('Name')).toHaveValue(
        'Federal return (Form 1040)',
      );
      await checkA11y(admin);
      await prices.getByRole('group', { name: 'Item 1' }).getByLabel('Price ($)').fill('300.00');
      await prices.getByRole('group', { name: 'Item 2' }).getByLabel('Price ($)').fill('88.89');
      await prices.getByRole('button', { name: 'Save price list' }).click();
      await expect(admin.getByText('Price list saved.')).toBeVisible();
      const settings = admin.getByRole('form', { name: 'Site settings' });
      await settings.getByRole('switch', { name: /Part payments/ }).check();
      await settings.getByRole('button', { name: 'Save settings' }).click();
      await expect(admin.getByText('The settings were saved.')).toBeVisible();

      // The analyst invites the client who phoned, puts the return in Payment Pending, and invoices it.
      const staff = await staffDesk(staffMember('analyst', 'billing.analyst@firm.example', 'Meena Iyer'));
      const { fileUrl, link } = await inviteClient(staff, mailbox, {
        firstName: 'Anika',
        lastName: 'Bose',
        email,
        phone: '4695550166',
      });
      await setFileStatus(server, email, 'Payment Pending');
      // An old link to the file's invoices (`?tab=invoices`) lands on its Billing tab.
      await staff.goto(`${fileUrl.pathname}?tab=invoices`);
      await expect(staff).toHaveURL(new RegExp(`${fileUrl.pathname}/billing$`));
      const invoicesSection = staff.getByRole('region', { name: /^Invoices · \d{4}$/ });
      await expect(invoicesSection.getByText(/No invoices for \d{4} yet\./)).toBeVisible();
      const form = invoicesSection.getByRole('form', { name: 'New invoice' });
      await form.getByRole('combobox', { name: 'Add from price list' }).click();
      await staff.getByRole('option', { name: 'Federal return (Form 1040) · $300.00' }).click();
      await form.getByRole('combobox', { name: 'Add from price list' }).click();
      await staff.getByRole('option', { name: 'State return (each state) · $88.89' }).click();
      await form.getByRole('radiogroup', { name: 'Discount' }).getByLabel('Percent (%)').check();
      await form.getByLabel('Discount percent (%)').fill('10');
      // A discount needs its reason: refused on the field, nothing saved.
      await form.getByRole('button', { name: 'Save draft' }).click();
      await expect(form.getByText('Say why the discount is given.')).toBeVisible();
      await form.getByLabel('Discount reason').fill('Returning client');
      await expect(form.getByText('Subtotal $388.89')).toBeVisible();
      await expect(form.getByText('Total $350.00')).toBeVisible();
      await checkA11y(staff);
      await form.getByRole('button', { name: 'Save draft' }).click();
      const card = invoicesSection.getByRole('listitem', { name: /INV-\d{4}-\d{4}/ });
      await expect(card).toContainText('Total $350.00');
      const number = ((await card.getAttribute('aria-label')) ?? (await card.innerText())).match(
        /INV-\d{4}-\d{4}/,
      )?.[0];
      expect(number).toBeTruthy();
      // A draft is not the client's to see yet.
      expect((await books(server, email)).invoices[0]?.status).toBe('draft');
      const sentSince = mailbox.received.length;
      await card.getByRole('button', { name: 'Send to client' }).click();
      await staff.getByRole('dialog').getByRole('button', { name: 'Send invoice' }).click();
      await expect(card).toContainText('Sent');
      await expect
        .poll(() => mailsTo(mailbox, email, sentSince).some((m) => m.body.includes('/user/invoices/')), {
          timeout: 15_000,
        })
        .toBe(true);
      await staff.context().close();

      // The client, on a phone, sets a password from the invitation and signs in.
      await page.setViewportSize(VIEWPORTS.phone);
      await setPasswordThroughLink(page, link, PASSWORD);
      await page.goto('/');
      await loginThroughPanel(page, email);
      await answerConsentsOnScreen(page, 'Yes', 'Anika Bose', { acceptTerms: true });
      await page.goto('/user/dashboard');
      const due = page.getByRole('region', { name: 'Balance due' });
      await expect(due).toContainText('$350.00');
      await checkA11y(page);
      await due.getByRole('link', { name: `View and pay ${number}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible();
      await expect(page.getByText('Balance due $350.00')).toBeVisible();
      await expect(page.getByText('Returning client')).toBeVisible();
      await checkA11y(page);
      const invoiceUrl = page.url();

      // $200 now: the checkout asks for exactly that, and the file waits for the rest.
      const amount = page.getByLabel('Amount to pay');
      await expect(amount).toHaveValue('350.00');
      await amount.fill('400.00');
      await page.getByRole('button', { name: 'Pay now' }).click();
      await expect(page.getByText(/more than the balance/)).toBeVisible();
      await amount.fill('200.00');
      const receiptsSince = mailbox.received.length;
      await page.getByRole('button', { name: 'Pay now' }).click();
      await payWithCard(page, '$200.00');
      let state = await books(server, email);
      expect(state.invoices[0]).toMatchObject({ status: 'partly_paid', paidCents: 20000, totalCents: 35000 });
      expect(state.filing?.status).toBe('Payment Pending');
      await page.goto(invoiceUrl);
      await expect(page.getByText('Balance due $150.00')).toBeVisible();
      await expect(page.getByLabel('Amount to pay')).toHaveValue('150.00');

      // The rest: now the file moves on, with 'Payment received' in its history.
      await page.getByRole('button', { name: 'Pay now' }).click();
      await payWithCard(page, '$150.00');
      state = await books(server, email);
      expect(state.invoices[0]).toMatchObject({ status: 'paid', paidCents: 35000 });
      expect(state.filing?.status).toBe('Review Pending');
      expect(state.history).toContainEqual(
        expect.objectContaining({ fromStatus: 'Payment Pending', toStatus: 'Review Pending' }),
      );
      await page.goto(invoiceUrl);
      await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
      await checkA11y(page);

      // Both receipts are PDFs with the right numbers; the invoice PDF too.
      await expect(page.getByRole('link', { name: /^Download receipt \(PDF\)/ })).toHaveCount(2);
      const receiptText = async (amount: string) =>
        pdfBehind(
          page,
          (await page
            .getByRole('link', { name: `Download receipt (PDF) for $${amount} paid` })
            .getAttribute('href')) ?? '',
        );
      const first = await receiptText('200.00');
      const second = await receiptText('150.00');
      for (const text of [first, second]) {
        expect(text).toContain('Receipt');
        expect(text).toContain(`Invoice number: ${number}`);
        expect(valueAfter(text, 'Total')).toBe('$350.00');
      }
      expect(valueAfter(first, 'Balance due after this payment')).toBe('$150.00');
      expect(valueAfter(second, 'Balance due after this payment')).toBe('$0.00');
      expect(second.match(/Payment ID pay_[A-Za-z0-9]{14}/g)).toHaveLength(2);
      expect(first.match(/Payment ID pay_[A-Za-z0-9]{14}/g)).toHaveLength(1);
      const invoicePdf = await pdfBehind(
        page,
        (await page.getByRole('link', { name: /^Download invoice \(PDF\)/ }).getAttribute('href')) ?? '',
      );
      expect(invoicePdf).toContain('$388.89');
      expect(invoicePdf).toContain('$38.89');
      expect(invoicePdf).toContain('Returning client');
      // Each receipt e-mail carries its PDF.
      await expect
        .poll(
          () =>
            mailsTo(mailbox, email, receiptsSince).filter((m) => m.body.includes('application/pdf')).length,
          {
            timeout: 20_000,
          },
        )
        .toBe(2);

      // The admin's Invoices tab: the client's invoice, and totals that match.
      await admin.goto('/staff/inbox');
      await admin.getByRole('tab', { name: 'Invoices' }).click();
      await admin.getByLabel('Show').selectOption({ label: 'Paid' });
      await admin.getByLabel('Search').fill(email);
      await expect(admin.getByRole('row', { name: new RegExp(number ?? '') })).toContainText('$350.00');
      await expect(admin.getByRole('list', { name: 'Totals' })).toContainText(
        'Total $350.00, Paid $350.00, Balance $0.00, 1 invoice',
      );
      await checkA11y(admin);
      const csv = await admin.request.get(
        (await admin.getByRole('link', { name: 'Download CSV' }).getAttribute('href')) ?? '',
      );
      expect(csv.status()).toBe(200);
      expect(await csv.text()).toContain(number ?? '');
    } finally {
      // The worker's server is shared with other specs: part payments off again.
      await server.withDatabase((db) =>
        db.update(siteSettings).set({ invoicePartPayments: false }).where(eq(siteSettings.singleton, true)),
      );
      await admin.context().close();
    }
  });
});
