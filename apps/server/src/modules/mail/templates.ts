/** The firm's e-mails: plain text and HTML, with the firm's name from settings. */

export type Email = { subject: string; text: string; html: string };

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function layout(
  firmName: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): Email['html'] {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1c3d6e;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br>${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px;color:#1c3d6e">${escapeHtml(firmName)}</h1>${body}${button}<p style="font-size:12px;color:#666;margin-top:32px">You received this e-mail because of activity on your ${escapeHtml(firmName)} client portal account. We never ask for your password or your SSN by e-mail.</p></body></html>`;
}

function text(firmName: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const lines = [...paragraphs];
  if (action) lines.push(`${action.label}: ${action.url}`);
  lines.push(`${firmName}`, 'We never ask for your password or your SSN by e-mail.');
  return lines.join('\n\n');
}

function email(
  firmName: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): Email {
  return { subject, text: text(firmName, paragraphs, action), html: layout(firmName, paragraphs, action) };
}

export const templates = {
  verifyAccount: (firmName: string, name: string, url: string) =>
    email(
      firmName,
      `Verify your ${firmName} account`,
      [
        `Hello ${name},`,
        'Thank you for registering for our client portal. Please confirm your e-mail address to activate your account. The link is valid for 7 days.',
      ],
      { label: 'Verify my account', url },
    ),
  resetPassword: (firmName: string, name: string, url: string) =>
    email(
      firmName,
      `Reset your ${firmName} password`,
      [
        `Hello ${name},`,
        'We received a request to reset the password of your client portal account. The link is valid for 1 hour and can be used once. If you did not ask for it, you can ignore this e-mail: your password stays the same.',
      ],
      { label: 'Choose a new password', url },
    ),
  passwordChanged: (firmName: string, name: string, contactEmail: string) =>
    email(firmName, `Your ${firmName} password was changed`, [
      `Hello ${name},`,
      'The password of your account was just changed, and every other signed-in device was signed out.',
      `If you did not do this, contact us at once${contactEmail ? ` at ${contactEmail}` : ''}.`,
    ]),
  mfaChanged: (firmName: string, name: string, enabled: boolean, contactEmail: string) =>
    email(firmName, `Two-step verification was turned ${enabled ? 'on' : 'off'}`, [
      `Hello ${name},`,
      enabled
        ? 'Two-step verification is now on for your client portal account: each login will ask for a code from your authenticator app. Keep your recovery codes somewhere safe.'
        : 'Two-step verification was turned off for your client portal account: logging in now needs only your password.',
      `If you did not do this, contact us at once${contactEmail ? ` at ${contactEmail}` : ''}.`,
    ]),
  newSignIn: (
    firmName: string,
    name: string,
    when: string,
    withRecoveryCode: boolean,
    contactEmail: string,
  ) =>
    email(firmName, `New sign-in to your ${firmName} account`, [
      `Hello ${name},`,
      `Your client portal account was signed in to on ${when}${withRecoveryCode ? ' with one of your recovery codes, which cannot be used again' : ''}.`,
      `If this was not you, change your password and contact us at once${contactEmail ? ` at ${contactEmail}` : ''}.`,
    ]),
  /** Too many wrong second-factor codes: sign-in with a code is blocked for a while (no link, no secret). */
  mfaLocked: (firmName: string, name: string, minutes: number, contactEmail: string) =>
    email(firmName, `We blocked sign-in attempts on your ${firmName} account`, [
      `Hello ${name},`,
      `Someone entered your password correctly, then a wrong two-step verification code several times in a row. We blocked sign-in attempts with a wrong code on your account, and signing in with a code is paused for ${minutes} minutes.`,
      `If this wasn't you, change your password as soon as you can: whoever tried knows it. If it was you, wait ${minutes} minutes and check that your phone's clock is set automatically.`,
      `Questions? Contact us${contactEmail ? ` at ${contactEmail}` : ''}.`,
    ]),
  paymentReceipt: (
    firmName: string,
    name: string,
    receipt: { amount: string; orderId: string; paymentId: string; paidAt: string },
  ) =>
    email(firmName, `Payment received: your receipt for ${receipt.amount}`, [
      `Hello ${name},`,
      `Thank you. We received your payment of ${receipt.amount} (USD).`,
      `Order ID: ${receipt.orderId}`,
      `Payment ID: ${receipt.paymentId}`,
      `Date: ${receipt.paidAt}`,
      'Keep this e-mail as your receipt. Your preparer will now review your return with you.',
    ]),
  /** The subject and message come from the status's template (filled in), as an admin may have edited it. */
  statusChanged: (firmName: string, name: string, subject: string, message: string, url: string) =>
    email(
      firmName,
      subject,
      [
        `Hello ${name},`,
        ...message
          .split(/\n\s*\n/)
          .map((paragraph) => paragraph.trim())
          .filter(Boolean),
        'You can see what comes next in your client portal.',
      ],
      { label: 'Open my client portal', url },
    ),
  summaryPublished: (firmName: string, name: string, title: string, url: string) =>
    email(
      firmName,
      'Your tax summary is ready for review',
      [
        `Hello ${name},`,
        `Your preparer has published "${title}" in your client portal. Please review it and tell us if anything needs to change.`,
      ],
      { label: 'View my tax summary', url },
    ),
  staffResetLink: (firmName: string, name: string, url: string) =>
    email(
      firmName,
      `Set a new password for your ${firmName} account`,
      [
        `Hello ${name},`,
        'Your preparer sent you this link to set a new password for your client portal account. It works once and stays valid for 24 hours. If you did not ask for it, you can ignore this e-mail.',
      ],
      { label: 'Set a new password', url },
    ),
  staffInvite: (firmName: string, name: string, invitedBy: string, role: string, url: string) =>
    email(
      firmName,
      `You are invited to the ${firmName} staff console`,
      [
        `Hello ${name},`,
        `${invitedBy} has given you a staff account (${role}) on the ${firmName} staff console. Choose your password with the link below; it works once and stays valid for 24 hours.`,
        'At your first login you will set up an authenticator app: staff cannot sign in without it.',
      ],
      { label: 'Set my password', url },
    ),
  /** To each active admin when a staff member passes the hourly alert level of reveals or downloads. */
  staffAccessBurst: (
    firmName: string,
    admin: string,
    staff: { name: string; email: string },
    what: string,
    count: number,
  ) =>
    email(firmName, `Alert: ${staff.name} passed ${count} ${what} in an hour`, [
      `Hello ${admin},`,
      `${staff.name} (${staff.email}) has made more than ${count} ${what} of client data within the last hour on the ${firmName} staff console.`,
      'This can be normal work, or a sign of data being collected. Please review the audit log of this staff member in the console now; deactivate the account if the activity is not expected.',
    ]),
  staffMfaReset: (firmName: string, name: string, contactEmail: string, url: string) =>
    email(
      firmName,
      'Your staff two-step verification was reset',
      [
        `Hello ${name},`,
        'An administrator reset the authenticator app of your staff account and signed you out everywhere. Your old password no longer works: choose a new one with the link below (it works once and stays valid for 24 hours), then set up your authenticator app again at your next login.',
        `If you did not ask for this, tell an administrator at once${contactEmail ? ` or write to ${contactEmail}` : ''}.`,
      ],
      { label: 'Choose a new password', url },
    ),
  staffPasswordReset: (firmName: string, name: string, url: string) =>
    email(
      firmName,
      `Set a new password for your ${firmName} staff account`,
      [
        `Hello ${name},`,
        'We received a request to reset the password of your staff account. The link works once and stays valid for 24 hours; your authenticator app is still asked for at your next login. If you did not ask for it, you can ignore this e-mail: your password stays the same.',
      ],
      { label: 'Choose a new password', url },
    ),
  emailChangedByStaff: (firmName: string, name: string, newEmail: string, contactEmail: string) =>
    email(firmName, `The e-mail address of your ${firmName} account was changed`, [
      `Hello ${name},`,
      `At your request, our staff changed the e-mail address you sign in with to ${newEmail}. From now on our e-mails go there.`,
      `If you did not ask for this, contact us at once${contactEmail ? ` at ${contactEmail}` : ''}.`,
    ]),
  /**
   * A checklist reminder: the titles of the items still open, nothing else (no document content, no
   * identity number), and one link to the checklist.
   */
  documentsReminder: (firmName: string, name: string, taxYear: number, titles: string[], url: string) =>
    email(
      firmName,
      titles.length === 1
        ? `We still need 1 document for your ${taxYear} return`
        : `We still need ${titles.length} documents for your ${taxYear} return`,
      [
        `Hello ${name},`,
        `To prepare your ${taxYear} return we still need:`,
        ...titles.map((title) => `• ${title}`),
        'You can upload them from your checklist, or tell us that one does not apply to you or when you will send it.',
      ],
      { label: 'Open my checklist', url },
    ),
  /** A staff message for the client: that there is one, never its text or attachments. */
  newMessageForClient: (firmName: string, name: string, url: string) =>
    email(
      firmName,
      `You have a new message from ${firmName}`,
      [
        `Hello ${name},`,
        `You have a new message from ${firmName} in your client portal. For your security we do not send its text or attachments by e-mail: please sign in to read it.`,
      ],
      { label: 'Read my message', url },
    ),
  /** To the analyst (or admins) of a file: a client wrote. Who, never what. */
  clientMessageForStaff: (firmName: string, staffName: string, client: string, url: string) =>
    email(
      firmName,
      `New message from ${client}`,
      [
        `Hello ${staffName},`,
        `${client} sent a new message in the client portal. Open the conversation in the staff console to read and answer it.`,
      ],
      { label: 'Open the conversation', url },
    ),
  /** The daily digest for staff who chose it: what their clients did, by client; never content. */
  staffDigest: (firmName: string, staffName: string, lines: string[], url: string) =>
    email(
      firmName,
      `Your ${firmName} digest: ${lines.length} client${lines.length === 1 ? '' : 's'} with news`,
      [`Hello ${staffName},`, 'Since your last digest:', ...lines.map((line) => `• ${line}`)],
      { label: 'Open the staff console', url },
    ),
};
