/**
 * The one layout of every e-mail the product sends (the words are in templates.ts), as HTML and plain text, in
 * the firm's voice: its name, logo,
 * address and contact e-mail come from the site settings (`firmOf` in settings.service.ts builds the `Firm`).
 * Everything that is not our own wording (names, the firm's settings, titles, links) is escaped in the HTML.
 * The HTML is a phone-first e-mail: one centred column at most 600 px wide, 16 px text, inline styles only,
 * a button that is easy to tap, and a hidden preheader (the line a mail app shows under the subject).
 */

export type Email = { subject: string; text: string; html: string };

/** Who sends: in every e-mail's header (logo, or the name) and footer (name, address, contact e-mail). */
export type Firm = {
  name: string;
  /** The postal address (site_settings.corporate_office); one or more lines. */
  address: string;
  /** An https address of the logo image, shown at most 180 × 48 px (site_settings.email_logo_url); '' for none. */
  logoUrl: string;
  /** Where clients write to us (site_settings.site_email); may be ''. */
  email: string;
};

type Action = { label: string; url: string };

type Message = {
  subject: string;
  /** The recipient's first name, for the greeting. */
  to: string;
  paragraphs: string[];
  action?: Action;
};

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Only an https image is shown: any other address (http, data:, javascript:) is dropped, not rewritten. */
function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The preheader: the first sentence a mail app previews, never a link (so a secret link is never in it). */
const PREHEADER_MAX = 120;
function preheaderOf(paragraphs: string[]): string {
  const first = paragraphs[0] ?? '';
  return first.length > PREHEADER_MAX ? `${first.slice(0, PREHEADER_MAX - 1).trimEnd()}…` : first;
}

const addressLines = (address: string) =>
  address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

const FONT = 'font-family:Arial,Helvetica,sans-serif';
const BRAND = '#1c3d6e';
const SAFETY = 'We never ask for your password or your SSN by e-mail.';

function html(firm: Firm, { subject, to, paragraphs, action }: Message): string {
  const name = escapeHtml(firm.name);
  const header = isHttpsUrl(firm.logoUrl)
    ? `<img src="${escapeHtml(firm.logoUrl)}" alt="${name}" width="180" height="48" style="display:block;border:0;outline:none;text-decoration:none;height:auto;max-width:180px;max-height:48px">`
    : `<p style="margin:0;${FONT};font-size:22px;line-height:1.3;font-weight:700;color:${BRAND}">${name}</p>`;
  const body = [`Hello ${to},`, ...paragraphs]
    .map(
      (p) =>
        `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:1.5;color:#1a1a1a">${escapeHtml(p)}</p>`,
    )
    .join('');
  const url = action ? escapeHtml(action.url) : '';
  // A table button: the whole cell is the tap target (at least 48 px high) in every mail app, Outlook included.
  const button = action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0"><tr><td align="center" bgcolor="${BRAND}" style="border-radius:6px;background:${BRAND}"><a href="${url}" target="_blank" style="display:inline-block;padding:14px 28px;${FONT};font-size:16px;line-height:20px;font-weight:700;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a></td></tr></table><p style="margin:0 0 16px;${FONT};font-size:14px;line-height:1.5;color:#555555">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${url}</span></p>`
    : '';
  const contact = firm.email
    ? `<br><a href="mailto:${escapeHtml(firm.email)}" style="color:${BRAND}">${escapeHtml(firm.email)}</a>`
    : '';
  const footer = `<p style="margin:0 0 8px;${FONT};font-size:13px;line-height:1.5;color:#555555"><strong>${name}</strong>${addressLines(
    firm.address,
  )
    .map((line) => `<br>${escapeHtml(line)}`)
    .join(
      '',
    )}${contact}</p><p style="margin:0;${FONT};font-size:13px;line-height:1.5;color:#555555">You received this e-mail because of activity on your ${name} account. ${SAFETY}</p>`;
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="x-apple-disable-message-reformatting"><meta name="color-scheme" content="light">' +
    `<title>${escapeHtml(subject)}</title></head>` +
    '<body style="margin:0;padding:0;background:#f3f4f6;-webkit-text-size-adjust:100%">' +
    `<div style="display:none;max-height:0;overflow:hidden;opacity:0;font-size:1px;line-height:1px;color:#f3f4f6">${escapeHtml(preheaderOf(paragraphs))}</div>` +
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">' +
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px">' +
    `<tr><td style="padding:24px 24px 8px">${header}</td></tr>` +
    `<tr><td style="padding:16px 24px 8px">${body}${button}</td></tr>` +
    `<tr><td style="padding:16px 24px 24px;border-top:1px solid #e5e7eb">${footer}</td></tr>` +
    '</table></td></tr></table></body></html>'
  );
}

/** The same words as the HTML, the link written out, and the firm's address under a signature line. */
function text(firm: Firm, { to, paragraphs, action }: Message): string {
  const blocks = [`Hello ${to},`, ...paragraphs];
  if (action) blocks.push(`${action.label}: ${action.url}`);
  blocks.push(
    ['--', firm.name, ...addressLines(firm.address), ...(firm.email ? [firm.email] : [])].join('\n'),
  );
  blocks.push(SAFETY);
  return blocks.join('\n\n');
}

export function email(firm: Firm, message: Message): Email {
  return { subject: message.subject, text: text(firm, message), html: html(firm, message) };
}

/** "If you did not do this, contact us at once at …" with the firm's address when it has one. */
export const contactUs = (firm: Firm, lead: string) => `${lead}${firm.email ? ` at ${firm.email}` : ''}.`;
