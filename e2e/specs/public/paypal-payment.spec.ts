import { eq, siteSettings } from '@taxfirm/db';
import { expect, test } from '../../support/fixtures.ts';

const ENDPOINT = 'https://www.paypal.com/cgi-bin/webscr';

test.describe('PayPal quick payment', () => {
  test('without a hosted button id the page says quick payment is not set up and has no PayPal form', async ({
    request,
  }) => {
    const res = await request.get('/paypal-payment');
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<title>Quick Payment with PayPal \| Meridian Tax &amp; Accounting<\/title>/);
    expect(html).toContain('<h1');
    expect(html).toContain('Online quick payment is not set up');
    expect(html).toContain('Log in to the client portal');
    expect(html).toContain('href="/contact-us"');
    expect(html).not.toContain('action="https://www.paypal.com');
    expect(html).not.toContain('name="hosted_button_id"');
    expect(html).not.toMatch(/<meta name="robots"/);
  });

  test('without a hosted button id the page points to the portal and contact, with no axe-core violations', async ({
    page,
    checkA11y,
  }) => {
    await page.goto('/paypal-payment');
    await expect(page.getByRole('heading', { level: 1, name: 'Quick Payment' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Online quick payment is not set up' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in to the client portal' })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(page.getByRole('link', { name: 'Contact us', exact: true })).toHaveAttribute(
      'href',
      '/contact-us',
    );
    await expect(page.getByRole('button', { name: /with PayPal/ })).toHaveCount(0);
    await checkA11y(page);
  });

  test('with a hosted button id the page renders the form posting a fixed 100 to PayPal', async ({
    page,
    request,
    server,
    checkA11y,
  }) => {
    // withDatabase restarts the PGlite server twice; that alone can take most of the default 30 s.
    test.slow();
    await server.withDatabase((db) =>
      db
        .update(siteSettings)
        .set({ hostedButtonId: 'TESTBUTTON123' })
        .where(eq(siteSettings.singleton, true)),
    );
    try {
      const res = await request.get('/paypal-payment');
      const html = await res.text();
      expect(html).toContain(`action="${ENDPOINT}"`);
      expect(html).not.toContain('Online quick payment is not set up');
      const formAction = (res.headers()['content-security-policy'] ?? '')
        .split(';')
        .find((d) => d.trim().startsWith('form-action'));
      expect(formAction?.trim()).toBe("form-action 'self' https://www.paypal.com");

      await page.goto('/paypal-payment');
      const form = page.getByTestId('hosted-button-form');
      await expect(form).toHaveAttribute('action', ENDPOINT);
      await expect(form).toHaveAttribute('method', 'post');
      await expect(form.locator('input[name="cmd"]')).toHaveAttribute('type', 'hidden');
      await expect(form.locator('input[name="cmd"]')).toHaveValue('_s-xclick');
      await expect(form.locator('input[name="hosted_button_id"]')).toHaveAttribute('type', 'hidden');
      await expect(form.locator('input[name="hosted_button_id"]')).toHaveValue('TESTBUTTON123');
      await expect(form.locator('input[name="amount"]')).toHaveAttribute('type', 'hidden');
      await expect(form.locator('input[name="amount"]')).toHaveValue('100');
      await expect(form.locator('input[name="currency_code"]')).toHaveValue('USD');
      const submit = form.getByRole('button', { name: 'Pay $100 with PayPal' });
      await expect(submit).toBeVisible();
      await expect(submit).toHaveAttribute('type', 'submit');
      await expect(page.getByText('The amount is fixed at $100')).toBeVisible();
      await expect(page.getByText(/payment is completed on PayPal/)).toBeVisible();
      await checkA11y(page);
    } finally {
      await page.goto('about:blank');
      await server.withDatabase((db) =>
        db.update(siteSettings).set({ hostedButtonId: '' }).where(eq(siteSettings.singleton, true)),
      );
    }
  });
});
