import type { FileStatus } from '@taxfirm/contract';
import { eq, filings, filingStatusHistory, payments } from '@taxfirm/db';
import { VIEWPORTS } from '../../support/files.ts';
import { expect, test, type Page } from '../../support/fixtures.ts';
import type { AppServer } from '../../support/server.ts';
import {
  apiPost,
  loginThroughPanel,
  sentInvoice,
  setFileStatus,
  verifiedAccount,
} from '../../support/portal.ts';

const POSITIVE = 'Amount is required & should be greater than Zero';

async function clientInStatus(
  page: Page,
  fixtures: { mailbox: Parameters<typeof verifiedAccount>[1]; server: AppServer },
  email: string,
  status: FileStatus,
) {
  await verifiedAccount(page, fixtures.mailbox, email);
  await setFileStatus(fixtures.server, email, status);
  await page.goto('/');
  await loginThroughPanel(page, email);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

/** The payment as the ledger holds it, with the filing and its 'Payment received' history. */
async function ledger(server: AppServer, orderId: string) {
  return server.withDatabase(async (db) => {
    const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
    if (!row) throw new Error(`no payment ${orderId}`);
    const [filing] = await db.select().from(filings).where(eq(filings.id, row.filingId));
    const history = await db
      .select()
      .from(filingStatusHistory)
      .where(eq(filingStatusHistory.filingId, row.filingId));
    return { row, filing, history };
  });
}

async function payWithCard(page: Page, card: string) {
  const dialog = page.getByRole('dialog', { name: /Sandbox checkout/ });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/^Card number/).pressSequentially(card);
  await dialog.getByLabel(/^Expiry/).pressSequentially('1239');
  await dialog.getByLabel(/^CVV/).pressSequentially('123');
  await dialog.getByLabel(/^Name on card/).fill('Ravi Kumar');
  await dialog.getByRole('button', { name: /^Pay \$/ }).click();
}

test.describe('user/payment through the sandbox checkout', () => {
  test('a client in Payment Pending pays the 150.25 invoiced and sees the receipt; the ledger, the invoice, the filing and the e-mail follow', async ({
    page,
    mailbox,
    server,
    checkA11y,
  }) => {
    const email = 'payer@example.com';
    await clientInStatus(page, { mailbox, server }, email, 'Payment Pending');
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Make Payment' }).click();
    await expect(page).toHaveURL(/\/user\/payment$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Make a Payment' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Client menu' }).getByRole('link', { name: 'Payment' }),
    ).toBeVisible();

    const form = page.getByRole('form', { name: 'Make a payment' });
    const amount = form.getByLabel(/^Payment Amount \$/);
    const submit = form.getByRole('button', { name: 'Make Payment' });
    await submit.click();
    await expect(form.getByText('Amount is required', { exact: true })).toBeVisible();
    for (const [value, message] of [
      ['0', POSITIVE],
      ['-5', POSITIVE],
      ['10.999', 'Amount can have at most two decimal places'],
      ['100000.01', 'Amount cannot be more than $100,000'],
      ['0.50', 'Amount must be at least $1.00'],
    ] as const) {
      await amount.fill(value);
      await submit.click();
      await expect(form.getByText(message, { exact: true }), value).toBeVisible();
    }
    await expect(page.getByRole('cell', { name: 'No data!' })).toBeVisible();
    await checkA11y(page);

    // The firm invoices the return: the page is prefilled with its balance, and pays that invoice.
    const number = await sentInvoice(server, email, 15025);
    await page.reload();
    await expect(amount).toHaveValue('150.25');
    await expect(form.getByText(`Paying invoice ${number} (balance $150.25)`)).toBeVisible();

    // The button reads Processing while the order is created.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/payment/createOrder', async (route) => {
      await held;
      await route.continue();
    });
    await amount.fill('150.25');
    await submit.click();
    await expect(form.getByRole('button', { name: 'Processing' })).toBeDisabled();
    release();
    const dialog = page.getByRole('dialog', { name: /Sandbox checkout/ });
    await expect(dialog.getByText('Test mode', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Pay $150.25' })).toBeVisible();
    await checkA11y(page);
    await payWithCard(page, '4111111111111111');

    await expect(page).toHaveURL(/\/user\/paymentsuccess\?order_id=order_[A-Za-z0-9]{14}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
    const orderId = new URL(page.url()).searchParams.get('order_id') ?? '';
    const receipt = page.getByRole('table', { name: `Payment ${orderId}` });
    await expect(receipt.getByRole('row', { name: /Amount/ })).toContainText('$150.25 USD');
    await expect(receipt.getByRole('row', { name: /Order ID/ })).toContainText(orderId);
    const paymentId = (
      await receipt
        .getByRole('row', { name: /Payment ID/ })
        .getByRole('cell')
        .innerText()
    ).trim();
    expect(paymentId).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    await expect(receipt.getByRole('row', { name: /Date/ })).toContainText(
      /\d{2}-\d{2}-\d{4} \d{1,2}:\d{2} [AP]M/,
    );
    await checkA11y(page);
    // The filing moved on: the top bar says so and offers payment no more.
    await expect(banner.getByText('Review Pending')).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Make Payment' })).toHaveCount(0);
    await expect
      .poll(
        () => mailbox.received.some((m) => m.to.includes(email) && m.body.includes(`Order ID: ${orderId}`)),
        { timeout: 15_000 },
      )
      .toBe(true);
    const mail = mailbox.received.find(
      (m) => m.to.includes(email) && m.body.includes(`Order ID: ${orderId}`),
    );
    expect(mail?.body).toContain('Payment received: your receipt for $150.25');
    expect(mail?.body).toContain(`Payment ID: ${paymentId}`);
    // The receipt PDF rides along.
    expect(mail?.body).toContain('application/pdf');
    expect(mail?.body).toContain(`${number}-receipt-${orderId}.pdf`);

    const { row, filing, history } = await ledger(server, orderId);
    expect(row).toMatchObject({
      amountCents: 15025,
      currency: 'USD',
      status: 'paid',
      provider: 'sandbox',
      verifiedBy: 'checkout',
      providerPaymentId: paymentId,
    });
    expect(row.invoiceId).not.toBeNull();
    expect(filing?.status).toBe('Review Pending');
    expect(history.filter((h) => h.comment === 'Payment received')).toEqual([
      expect.objectContaining({ fromStatus: 'Payment Pending', toStatus: 'Review Pending' }),
    ]);
  });

  test('a declined test card ends on the failure page with its reason; nothing is recorded as paid', async ({
    page,
    mailbox,
    server,
    checkA11y,
  }) => {
    const email = 'declined@example.com';
    await clientInStatus(page, { mailbox, server }, email, 'Payment Pending');
    await page.goto('/user/payment');
    await page.getByLabel(/^Payment Amount \$/).fill('80');
    await page.getByRole('button', { name: 'Make Payment' }).click();
    await payWithCard(page, '4000000000000002');

    await expect(page).toHaveURL(/\/user\/paymentfailure\?order_id=order_/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment not completed' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(
      'Your card was declined by the bank. Please try another card.',
    );
    await checkA11y(page);
    const orderId = new URL(page.url()).searchParams.get('order_id') ?? '';
    const { row, filing, history } = await ledger(server, orderId);
    expect(row).toMatchObject({
      amountCents: 8000,
      status: 'failed',
      providerPaymentId: null,
      paidAt: null,
      failureReason: 'Your card was declined by the bank. Please try another card.',
    });
    expect(filing?.status).toBe('Payment Pending');
    expect(history.filter((h) => h.comment === 'Payment received')).toEqual([]);
    expect(mailbox.received.some((m) => m.to.includes(email) && m.body.includes(orderId))).toBe(false);

    // withDatabase restarted the server (PGlite): the session cookie lives on in the database.
    await page.reload();
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/user\/payment$/);
    await expect(page.getByRole('row', { name: new RegExp(orderId) })).toContainText('$80.00');
    await expect(page.getByRole('cell', { name: 'Failed' })).toBeVisible();
    await checkA11y(page);
  });

  test('a client in another status is sent to the dashboard; a visitor without a session goes home', async ({
    page,
    mailbox,
    server,
  }) => {
    await page.goto('/user/payment');
    await expect(page).toHaveURL(/\/$/);

    const email = 'not.yet@example.com';
    await clientInStatus(page, { mailbox, server }, email, 'Preparation Pending');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Make Payment' })).toHaveCount(0);
    await page.goto('/user/payment');
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(
      page.getByRole('navigation', { name: 'Client menu' }).getByRole('link', { name: 'Payment' }),
    ).toHaveCount(0);
  });

  test.describe('a receipt address without an own order', () => {
    test.use({ allowedConsoleErrors: [/status of 404/] });

    test("says so and links to the payment page; another client's order is not found", async ({
      page,
      mailbox,
      server,
    }) => {
      await clientInStatus(page, { mailbox, server }, 'first.payer@example.com', 'Payment Pending');
      const res = await apiPost(page, 'payment/createOrder', { amount: 5000, currency: 'USD' });
      expect(res.status()).toBe(200);
      const { id: orderId } = (await res.json()) as { id: string };
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/$/);

      await clientInStatus(page, { mailbox, server }, 'second.payer@example.com', 'Payment Pending');
      for (const outcome of ['paymentsuccess', 'paymentfailure']) {
        await page.goto(`/user/${outcome}`);
        await expect(page.getByText('There is no payment to show here.')).toBeVisible();
        await page.goto(`/user/${outcome}?order_id=${orderId}`);
        await expect(page.getByRole('alert')).toHaveText('This payment order was not found.');
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
      }
      await page.getByRole('link', { name: 'Go to the payment page' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Make a Payment' })).toBeVisible();
      await expect(page.getByRole('cell', { name: 'No data!' })).toBeVisible();
    });
  });

  test('on a phone, with the keyboard only: amount, checkout, and closing it ends as not completed', async ({
    page,
    mailbox,
    server,
    checkA11y,
  }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    const email = 'phone.payer@example.com';
    await clientInStatus(page, { mailbox, server }, email, 'Synopsys Pending');
    await page.goto('/user/payment');
    const amount = page.getByLabel(/^Payment Amount \$/);
    await amount.focus();
    await page.keyboard.type('42.10');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /Sandbox checkout/ });
    await expect(dialog.getByRole('button', { name: 'Pay $42.10' })).toBeVisible();
    await checkA11y(page);
    // Escape closes the checkout, as a payer closing the provider's window: the order is not completed.
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/user\/paymentfailure\?order_id=/);
    await expect(page.getByRole('alert')).toContainText('The payment was not completed. No money was taken.');

    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page.getByRole('cell', { name: 'Not completed' })).toBeVisible();
    await page.getByLabel(/^Payment Amount \$/).focus();
    await page.keyboard.type('42.10');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(/^Card number/).focus();
    await page.keyboard.type('5555555555554444');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1239');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Ravi Kumar');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
    await expect(page.getByRole('table').getByRole('row', { name: /Amount/ })).toContainText('$42.10 USD');
    await checkA11y(page);

    // Synopsys Pending stays open for payment: the history shows both orders, and scrolls on a phone.
    await page.getByRole('link', { name: 'Go to dashboard' }).click();
    await page.goto('/user/payment');
    const history = page.getByRole('region', { name: 'Your payments' });
    await expect(history.getByRole('cell', { name: 'Paid' })).toBeVisible();
    await expect(history.getByRole('cell', { name: 'Not completed' })).toBeVisible();
    await checkA11y(page);
  });
});
