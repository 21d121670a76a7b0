/**
 * Every e-mail the product sends: its words, laid out by layout.ts (HTML and plain text from one layout, in the
 * firm's voice; everything that is not our own wording is escaped in the HTML).
 */
import { contactUs, email, type Firm } from './layout.ts';

export { escapeHtml, type Email, type Firm } from './layout.ts';

export const templates = {
  verifyAccount: (firm: Firm, name: string, url: string) =>
    email(firm, {
      subject: `Verify your ${firm.name} account`,
      to: name,
      paragraphs: [
        'Thank you for registering for our client portal. Please confirm your e-mail address to activate your account. The link is valid for 7 days.',
      ],
      action: { label: 'Verify my account', url },
    }),
  resetPassword: (firm: Firm, name: string, url: string) =>
    email(firm, {
      subject: `Reset your ${firm.name} password`,
      to: name,
      paragraphs: [
        'We received a request to reset the password of your client portal account. The link is valid for 1 hour and can be used once. If you did not ask for it, you can ignore this e-mail: your password stays the same.',
      ],
      action: { label: 'Choose a new password', url },
    }),
  passwordChanged: (firm: Firm, name: string) =>
    email(firm, {
      subject: `Your ${firm.name} password was changed`,
      to: name,
      paragraphs: [
        'The password of your account was just changed, and every other signed-in device was signed out.',
        contactUs(firm, 'If you did not do this, contact us at once'),
      ],
    }),
  mfaChanged: (firm: Firm, name: string, enabled: boolean) =>
    email(firm, {
      subject: `Two-step verification was turned ${enabled ? 'on' : 'off'}`,
      to: name,
      paragraphs: [
        enabled
          ? 'Two-step verification is now on for your client portal account: each login will ask for a code from your authenticator app. Keep your recovery codes somewhere safe.'
          : 'Two-step verification was turned off for your client portal account: logging in now needs only your password.',
        contactUs(firm, 'If you did not do this, contact us at once'),
      ],
    }),
  newSignIn: (firm: Firm, name: string, when: string, withRecoveryCode: boolean) =>
    email(firm, {
      subject: `New sign-in to your ${firm.name} account`,
      to: name,
      paragraphs: [
        `Your client portal account was signed in to on ${when}${withRecoveryCode ? ' with one of your recovery codes, which cannot be used again' : ''}.`,
        contactUs(firm, 'If this was not you, change your password and contact us at once'),
      ],
    }),
  /** A passkey was added to the account (issue 38): its owner hears of every new way in. */
  passkeyAdded: (firm: Firm, name: string, passkeyName: string) =>
    email(firm, {
      subject: `A passkey was added to your ${firm.name} account`,
      to: name,
      paragraphs: [
        `A passkey named “${passkeyName}” was just added to your account. It can sign in without your password.`,
        contactUs(firm, 'If you did not do this, remove it from your account page and contact us at once'),
      ],
    }),
  /**
   * An e-mailed one-time sign-in code (issue 38). The code is the e-mail's secret: the outbox keeps it sealed
   * (enqueueEmail's secret link), never in the clear.
   */
  loginCode: (firm: Firm, name: string, code: string, minutes: number) =>
    email(firm, {
      subject: `Your ${firm.name} sign-in code`,
      to: name,
      paragraphs: [
        `Your sign-in code is ${code}. It works once, for ${minutes} minutes.`,
        'If you did not ask for it, you can ignore this e-mail: nobody can sign in without the code.',
      ],
    }),
  /** Too many wrong second-factor codes: sign-in with a code is blocked for a while (no link, no secret). */
  mfaLocked: (firm: Firm, name: string, minutes: number) =>
    email(firm, {
      subject: `We blocked sign-in attempts on your ${firm.name} account`,
      to: name,
      paragraphs: [
        `Someone entered your password correctly, then a wrong two-step verification code several times in a row. We blocked sign-in attempts with a wrong code on your account, and signing in with a code is paused for ${minutes} minutes.`,
        `If this wasn't you, change your password as soon as you can: whoever tried knows it. If it was you, wait ${minutes} minutes and check that your phone's clock is set automatically.`,
        contactUs(firm, 'Questions? Contact us'),
      ],
    }),
  paymentReceipt: (
    firm: Firm,
    name: string,
    receipt: {
      amount: string;
      orderId: string;
      paymentId: string;
      paidAt: string;
      currency?: string;
      /** The invoice it paid, and what is still due on it ("$0.00" when paid in full). */
      invoice?: { number: string; balance: string; paidInFull: boolean } | null;
    },
  ) =>
    email(firm, {
      subject: `Payment received: your receipt for ${receipt.amount}`,
      to: name,
      paragraphs: [
        `Thank you. We received your payment of ${receipt.amount} (${receipt.currency ?? 'USD'}).`,
        ...(receipt.invoice ? [`Invoice: ${receipt.invoice.number}`] : []),
        `Order ID: ${receipt.orderId}`,
        `Payment ID: ${receipt.paymentId}`,
        `Date: ${receipt.paidAt}`,
        !receipt.invoice
          ? 'Keep this e-mail as your receipt.'
          : receipt.invoice.paidInFull
            ? `Invoice ${receipt.invoice.number} is paid in full. Your receipt is attached as a PDF; keep it for your records.`
            : `${receipt.invoice.balance} is still due on invoice ${receipt.invoice.number}; you can pay it in your client portal. Your receipt is attached as a PDF.`,
      ],
    }),
  /** The subject and message come from the status's template (filled in), as an admin may have edited it. */
  statusChanged: (firm: Firm, name: string, subject: string, message: string, url: string) =>
    email(firm, {
      subject,
      to: name,
      paragraphs: [
        ...message
          .split(/\n\s*\n/)
          .map((paragraph) => paragraph.trim())
          .filter(Boolean),
        'You can see what comes next in your client portal.',
      ],
      action: { label: 'Open my client portal', url },
    }),
  summaryPublished: (firm: Firm, name: string, title: string, url: string) =>
    email(firm, {
      subject: 'Your tax summary is ready for review',
      to: name,
      paragraphs: [
        `Your preparer has published "${title}" in your client portal. Please review it and tell us if anything needs to change.`,
      ],
      action: { label: 'View my tax summary', url },
    }),
  staffResetLink: (firm: Firm, name: string, url: string) =>
    email(firm, {
      subject: `Set a new password for your ${firm.name} account`,
      to: name,
      paragraphs: [
        'Your preparer sent you this link to set a new password for your client portal account. It works once and stays valid for 24 hours. If you did not ask for it, you can ignore this e-mail.',
      ],
      action: { label: 'Set a new password', url },
    }),
  /** To a client whose account staff created (they phoned or walked in). */
  clientInvite: (firm: Firm, name: string, invitedBy: string, url: string) =>
    email(firm, {
      subject: `Your ${firm.name} client portal account`,
      to: name,
      paragraphs: [
        `${invitedBy} of ${firm.name} has opened a client portal account for you. Choose your password with the link below; it works once and stays valid for 7 days. If you did not expect this, you can ignore this e-mail.`,
        'In the portal you upload your documents, answer your preparer and follow your return.',
      ],
      action: { label: 'Set my password', url },
    }),
  /** A household member's invitation (issue 38): the holder or the firm opened a login on the holder's file. */
  householdInvite: (firm: Firm, name: string, invitedBy: string, holder: string, role: string, url: string) =>
    email(firm, {
      subject: `${holder} invited you to their ${firm.name} client portal`,
      to: name,
      paragraphs: [
        `${invitedBy} has given you your own login to ${holder}'s file in the ${firm.name} client portal, as their ${role}. Choose your password with the link below; it works once and stays valid for 7 days. If you did not expect this, you can ignore this e-mail.`,
        'In the portal you see the household’s file: its documents, messages and the return’s progress.',
      ],
      action: { label: 'Set my password', url },
    }),
  staffInvite: (firm: Firm, name: string, invitedBy: string, role: string, url: string) =>
    email(firm, {
      subject: `You are invited to the ${firm.name} staff console`,
      to: name,
      paragraphs: [
        `${invitedBy} has given you a staff account (${role}) on the ${firm.name} staff console. Choose your password with the link below; it works once and stays valid for 24 hours.`,
        'At your first login you will set up an authenticator app: staff cannot sign in without it.',
      ],
      action: { label: 'Set my password', url },
    }),
  /** To each active admin when a staff member passes the hourly alert level of reveals or downloads. */
  staffAccessBurst: (
    firm: Firm,
    admin: string,
    staff: { name: string; email: string },
    what: string,
    count: number,
  ) =>
    email(firm, {
      subject: `Alert: ${staff.name} passed ${count} ${what} in an hour`,
      to: admin,
      paragraphs: [
        `${staff.name} (${staff.email}) has made more than ${count} ${what} of client data within the last hour on the ${firm.name} staff console.`,
        'This can be normal work, or a sign of data being collected. Please review the audit log of this staff member in the console now; deactivate the account if the activity is not expected.',
      ],
    }),
  staffMfaReset: (firm: Firm, name: string, url: string) =>
    email(firm, {
      subject: 'Your staff two-step verification was reset',
      to: name,
      paragraphs: [
        'An administrator reset the authenticator app of your staff account and signed you out everywhere. Your old password no longer works: choose a new one with the link below (it works once and stays valid for 24 hours), then set up your authenticator app again at your next login.',
        `If you did not ask for this, tell an administrator at once${firm.email ? ` or write to ${firm.email}` : ''}.`,
      ],
      action: { label: 'Choose a new password', url },
    }),
  staffPasswordReset: (firm: Firm, name: string, url: string) =>
    email(firm, {
      subject: `Set a new password for your ${firm.name} staff account`,
      to: name,
      paragraphs: [
        'We received a request to reset the password of your staff account. The link works once and stays valid for 24 hours; your authenticator app is still asked for at your next login. If you did not ask for it, you can ignore this e-mail: your password stays the same.',
      ],
      action: { label: 'Choose a new password', url },
    }),
  emailChangedByStaff: (firm: Firm, name: string, newEmail: string) =>
    email(firm, {
      subject: `The e-mail address of your ${firm.name} account was changed`,
      to: name,
      paragraphs: [
        `At your request, our staff changed the e-mail address you sign in with to ${newEmail}. From now on our e-mails go there.`,
        contactUs(firm, 'If you did not ask for this, contact us at once'),
      ],
    }),
  /**
   * A checklist reminder: the titles of the items still open, nothing else (no document content, no
   * identity number), and one link to the checklist.
   */
  documentsReminder: (firm: Firm, name: string, taxYear: number, titles: string[], url: string) => {
    // Documents to sign ("Sign: …") and invoices to pay ("Pay: …") ride along: the subject says "items" then.
    const onlyDocuments = titles.every((title) => !/^(Sign|Pay): /.test(title));
    const noun = onlyDocuments ? 'document' : 'item';
    return email(firm, {
      subject:
        titles.length === 1
          ? `We still need 1 ${noun} for your ${taxYear} return`
          : `We still need ${titles.length} ${noun}s for your ${taxYear} return`,
      to: name,
      paragraphs: [
        `To prepare your ${taxYear} return we still need:`,
        ...titles.map((title) => `• ${title}`),
        onlyDocuments
          ? 'You can upload them from your checklist, or tell us that one does not apply to you or when you will send it.'
          : 'You can upload documents from your checklist, sign and pay in your client portal, or tell us that a document does not apply to you or when you will send it.',
      ],
      action: { label: 'Open my checklist', url },
    });
  },
  /** A staff message for the client: that there is one, never its text or attachments. */
  newMessageForClient: (firm: Firm, name: string, url: string) =>
    email(firm, {
      subject: `You have a new message from ${firm.name}`,
      to: name,
      paragraphs: [
        `You have a new message from ${firm.name} in your client portal. For your security we do not send its text or attachments by e-mail: please sign in to read it.`,
      ],
      action: { label: 'Read my message', url },
    }),
  /** To the analyst (or admins) of a file: a client wrote. Who, never what. */
  clientMessageForStaff: (firm: Firm, staffName: string, client: string, url: string) =>
    email(firm, {
      subject: `New message from ${client}`,
      to: staffName,
      paragraphs: [
        `${client} sent a new message in the client portal. Open the conversation in the staff console to read and answer it.`,
      ],
      action: { label: 'Open the conversation', url },
    }),
  /** Staff ask the client to fill in the year's organizer (and the reminders after). */
  organizerRequested: (firm: Firm, name: string, taxYear: number, url: string) =>
    email(firm, {
      subject: `Your ${taxYear} organizer is ready`,
      to: name,
      paragraphs: [
        `${firm.name} asks you to fill in your ${taxYear} organizer: a few questions about your year (what changed, your income, accounts in India or elsewhere) that tell us which documents we need. It saves as you go, so you can stop and come back on any device.`,
      ],
      action: { label: 'Open my organizer', url },
    }),
  /** A document is ready for the taxpayer to sign in the portal: that there is one, never its content. */
  signatureReady: (firm: Firm, name: string, url: string) =>
    email(firm, {
      subject: 'A document is ready for you to sign',
      to: name,
      paragraphs: [
        `${firm.name} has put a document in your client portal for you to sign. For your security we do not send it by e-mail: please sign in to read and sign it.`,
      ],
      action: { label: 'Read and sign', url },
    }),
  /**
   * To the spouse (who has no account): their own signing link, valid for `days` days. The link is a
   * secret: sealed in the outbox until sent (enqueueEmail's secretLink). Never the document's content.
   */
  signatureSpouseLink: (firm: Firm, name: string, taxpayer: string, days: number, url: string) =>
    email(firm, {
      subject: `${firm.name}: a document is ready for you to sign`,
      to: name,
      paragraphs: [
        `${firm.name} is preparing a return with ${taxpayer}, and a document needs your own signature. Open it with the link below (it is for you only and stays valid for ${days} days); you will confirm it is you with a code we e-mail you, then read and sign it.`,
        contactUs(firm, 'If you did not expect this, do not open the link and tell us'),
      ],
      action: { label: 'Read and sign', url },
    }),
  /** The one-time code that confirms a signature (sealed in the outbox until sent, like a link). */
  signatureCode: (firm: Firm, name: string, code: string, minutes: number) =>
    email(firm, {
      subject: `Your ${firm.name} signing code`,
      to: name,
      paragraphs: [
        `Your signing code is ${code}. It is valid for ${minutes} minutes and works once.`,
        contactUs(
          firm,
          'If you are not signing a document with us right now, do not share this code and tell us',
        ),
      ],
    }),
  /**
   * Security review 2, S2-06: too many wrong signing codes locked a document. Told to the signer (whose code it
   * is), never the code or the document's content.
   */
  signatureLocked: (firm: Firm, name: string, title: string, wrongCodes: number) =>
    email(firm, {
      subject: `${firm.name}: signing locked after too many wrong codes`,
      to: name,
      paragraphs: [
        `Someone entered a wrong signing code ${wrongCodes} times for "${title}", so we locked it: nobody can sign it until we reopen it.`,
        contactUs(firm, 'If this was you, ask us to reopen it. If it was not you, tell us straight away'),
      ],
    }),
  /** The daily digest for staff who chose it: what their clients did, by client; never content. */
  staffDigest: (firm: Firm, staffName: string, lines: string[], url: string) =>
    email(firm, {
      subject: `Your ${firm.name} digest: ${lines.length} client${lines.length === 1 ? '' : 's'} with news`,
      to: staffName,
      paragraphs: ['Since your last digest:', ...lines.map((line) => `• ${line}`)],
      action: { label: 'Open the staff console', url },
    }),
  /** An invoice was sent (issue 20): that there is one, with a link to it; no amounts, nothing personal. */
  invoiceSent: (firm: Firm, name: string, url: string) =>
    email(firm, {
      subject: 'You have a new invoice',
      to: name,
      paragraphs: [
        `${firm.name} has sent you an invoice. Sign in to your client portal to see it, download it as a PDF and pay it.`,
      ],
      action: { label: 'View the invoice', url },
    }),
  /**
   * To the analyst (or admins) of a file: a payment came in that does not settle the file's invoices (a part
   * payment, one with no open invoice, one on a void invoice), so the file stays where it is.
   */
  paymentForStaff: (firm: Firm, staffName: string, client: string, summary: string, url: string) =>
    email(firm, {
      subject: `Payment from ${client} needs a look`,
      to: staffName,
      paragraphs: [
        `${client} made a payment in the client portal: ${summary}.`,
        'The file’s invoices are not settled by it, so its status was not changed. Open the file to decide what comes next.',
      ],
      action: { label: 'Open the file', url },
    }),
  /** A refund was made on one of the client's invoices (the amounts are on the invoice in the portal). */
  refundMade: (firm: Firm, name: string, invoiceNumber: string, url: string) =>
    email(firm, {
      subject: `A refund was made on invoice ${invoiceNumber}`,
      to: name,
      paragraphs: [
        `${firm.name} has made a refund on invoice ${invoiceNumber}. It goes back to the card or account you paid with; your bank may take a few days to show it.`,
        'You can see the invoice and its balance in your client portal.',
      ],
      action: { label: 'View the invoice', url },
    }),
};
