import { describe, expect, it } from 'vitest';
import { escapeHtml, templates, type Email, type Firm } from './templates.ts';

const firm: Firm = {
  name: 'Meridian Tax & Accounting',
  address: '12 Main Street, Suite 400\nEdison, NJ 08817',
  logoUrl: 'https://cdn.example.com/logo.png',
  email: 'desk@meridian.example',
};
const URL_ = 'https://portal.example.com/user/messages?x=1&y=2';

/** Each template with ordinary arguments; typed so that a template added without a line here fails to compile. */
const render: Record<keyof typeof templates, (firm: Firm, name: string) => Email> = {
  verifyAccount: (f, n) => templates.verifyAccount(f, n, URL_),
  resetPassword: (f, n) => templates.resetPassword(f, n, URL_),
  passwordChanged: (f, n) => templates.passwordChanged(f, n),
  mfaChanged: (f, n) => templates.mfaChanged(f, n, true),
  newSignIn: (f, n) => templates.newSignIn(f, n, 'Mon, 23 Nov 2026 10:00:00 GMT', false),
  mfaLocked: (f, n) => templates.mfaLocked(f, n, 15),
  passkeyAdded: (f, n) => templates.passkeyAdded(f, n, 'My <phone>'),
  loginCode: (f, n) => templates.loginCode(f, n, '042137', 10),
  paymentReceipt: (f, n) =>
    templates.paymentReceipt(f, n, {
      amount: '$350.00',
      orderId: 'order_1',
      paymentId: 'pay_1',
      paidAt: '11-23-2026, 10:00 AM CST',
    }),
  statusChanged: (f, n) => templates.statusChanged(f, n, 'Your file moved', 'First.\n\nSecond.', URL_),
  summaryPublished: (f, n) => templates.summaryPublished(f, n, '2025 summary', URL_),
  staffResetLink: (f, n) => templates.staffResetLink(f, n, URL_),
  clientInvite: (f, n) => templates.clientInvite(f, n, 'Ravi <K>', URL_),
  staffInvite: (f, n) => templates.staffInvite(f, n, 'Ravi', 'analyst', URL_),
  householdInvite: (f, n) => templates.householdInvite(f, n, 'Asha Rao', 'Asha Rao', 'spouse', URL_),
  staffAccessBurst: (f, n) =>
    templates.staffAccessBurst(f, n, { name: 'Ravi K', email: 'ravi@firm.example' }, 'reveals', 20),
  staffMfaReset: (f, n) => templates.staffMfaReset(f, n, URL_),
  staffPasswordReset: (f, n) => templates.staffPasswordReset(f, n, URL_),
  emailChangedByStaff: (f, n) => templates.emailChangedByStaff(f, n, 'new@client.example'),
  documentsReminder: (f, n) => templates.documentsReminder(f, n, 2025, ['W-2 (Acme)', '1099-INT'], URL_),
  newMessageForClient: (f, n) => templates.newMessageForClient(f, n, URL_),
  clientMessageForStaff: (f, n) => templates.clientMessageForStaff(f, n, 'Asha Rao', URL_),
  staffDigest: (f, n) => templates.staffDigest(f, n, ['Asha Rao: sent a message'], URL_),
  signatureReady: (f, n) => templates.signatureReady(f, n, URL_),
  organizerRequested: (f, n) => templates.organizerRequested(f, n, 2025, URL_),
  signatureSpouseLink: (f, n) => templates.signatureSpouseLink(f, n, 'Asha Rao', 14, URL_),
  signatureCode: (f, n) => templates.signatureCode(f, n, '123456', 10),
  signatureLocked: (f, n) => templates.signatureLocked(f, n, 'Form 8879 for 2025', 10),
  invoiceSent: (f, n) => templates.invoiceSent(f, n, URL_),
  paymentForStaff: (f, n) =>
    templates.paymentForStaff(f, n, 'Asha Rao', 'Paid $200.00 on INV-2026-0001 ($150.00 still due)', URL_),
  refundMade: (f, n) => templates.refundMade(f, n, 'INV-2026-0001', URL_),
};
const all = Object.entries(render);

/** The HTML's visible text, roughly: tags dropped, entities decoded (enough to compare words). */
const visible = (html: string) =>
  html
    .replace(/<title>.*?<\/title>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('e-mail templates', () => {
  it.each(all)('%s has a subject, a text part and a phone-ready HTML part', (_name, make) => {
    const mail = make(firm, 'Asha');
    expect(mail.subject.length).toBeGreaterThan(0);
    expect(mail.text).toContain('Hello Asha,');
    expect(mail.html.startsWith('<!doctype html>')).toBe(true);
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(mail.html).toContain('max-width:600px');
    expect(mail.html).toContain('font-size:16px');
    expect(mail.html).toContain('Hello Asha,');
    // The footer and the text part both carry the firm's name and address.
    for (const part of [visible(mail.html), mail.text]) {
      expect(part).toContain('Meridian Tax & Accounting');
      expect(part).toContain('12 Main Street, Suite 400');
      expect(part).toContain('Edison, NJ 08817');
      expect(part).toContain('desk@meridian.example');
    }
  });

  it.each(all)('%s escapes a name with markup in it', (_name, make) => {
    const hostile = { ...firm, name: 'Evil <b>Firm</b>', address: '<img src=x onerror=alert(1)>' };
    const mail = make(hostile, '<script>alert(1)</script>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Firm</b>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain(escapeHtml('Evil <b>Firm</b>'));
  });

  it('has a link button and the same link written out, in the HTML (escaped) and in the text', () => {
    const mail = templates.verifyAccount(firm, 'Asha', URL_);
    const escaped = escapeHtml(URL_);
    expect(mail.html).toContain(`<a href="${escaped}"`);
    expect(mail.html).toContain('>Verify my account</a>');
    // Button and fallback address: the link is shown twice, never unescaped.
    expect(mail.html.split(escaped)).toHaveLength(3);
    expect(mail.html).not.toContain(URL_);
    expect(mail.text).toContain(`Verify my account: ${URL_}`);
    expect(mail.text.split(URL_)).toHaveLength(2);
  });

  it('makes every word of the message the same in the text and in the HTML', () => {
    const mail = templates.documentsReminder(firm, 'Asha', 2025, ['W-2 (Acme)', '1099-INT'], URL_);
    const html = visible(mail.html);
    for (const block of mail.text.split('\n\n').flatMap((b) => b.split('\n'))) {
      const words = block.replace(/^Open my checklist: /, '').replace(/^--$/, '');
      if (words) expect(html).toContain(words);
    }
  });

  it('escapes an attribute-breaking link', () => {
    const mail = templates.resetPassword(firm, 'Asha', 'https://x.example/"><script>alert(1)</script>');
    expect(mail.html).not.toContain('"><script>');
    expect(mail.html).toContain('href="https://x.example/&quot;&gt;&lt;script&gt;');
  });

  it('shows the logo (alt = the firm, with its size) when it is an https address, else the name', () => {
    const withLogo = templates.passwordChanged(firm, 'Asha').html;
    expect(withLogo).toContain(
      '<img src="https://cdn.example.com/logo.png" alt="Meridian Tax &amp; Accounting" width="180" height="48"',
    );

    for (const logoUrl of [
      '',
      'http://cdn.example.com/logo.png',
      'javascript:alert(1)',
      'data:image/png;base64,AA',
    ]) {
      const html = templates.passwordChanged({ ...firm, logoUrl }, 'Asha').html;
      expect(html, logoUrl).not.toContain('<img');
      expect(html, logoUrl).toMatch(/font-size:22px[^>]*>Meridian Tax &amp; Accounting<\/p>/);
    }
  });

  it('escapes the logo address', () => {
    const html = templates.passwordChanged(
      { ...firm, logoUrl: 'https://cdn.example.com/a"onerror="x.png' },
      'A',
    ).html;
    expect(html).toContain('src="https://cdn.example.com/a&quot;onerror=&quot;x.png"');
  });

  it('leaves the contact line out when the firm has no e-mail address', () => {
    const mail = templates.passwordChanged({ ...firm, email: '' }, 'Asha');
    expect(mail.html).not.toContain('mailto:');
    expect(mail.text).toContain('If you did not do this, contact us at once.');
    const withEmail = templates.passwordChanged(firm, 'Asha');
    expect(withEmail.html).toContain('href="mailto:desk@meridian.example"');
    expect(withEmail.text).toContain('contact us at once at desk@meridian.example.');
  });

  it('has a hidden preheader with the first line of the message, never the link', () => {
    const mail = templates.newMessageForClient(firm, 'Asha', URL_);
    const preheader = /<div style="display:none[^"]*">([^<]*)<\/div>/.exec(mail.html)?.[1] ?? '';
    expect(preheader).toMatch(/^You have a new message from Meridian Tax &amp; Accounting/);
    expect(preheader.length).toBeLessThanOrEqual(130);
    expect(preheader).not.toContain('portal.example.com');
  });

  it('never puts the text of a message in a message notification', () => {
    // The templates take no message body at all: only who wrote and where to read it.
    const client = templates.newMessageForClient(firm, 'Asha', URL_);
    expect(client.subject).toBe('You have a new message from Meridian Tax & Accounting');
    const staff = templates.clientMessageForStaff(firm, 'Ravi', 'Asha Rao', URL_);
    expect(staff.subject).toBe('New message from Asha Rao');
  });
});
