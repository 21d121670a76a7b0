/** Documents to sign (issue 19): what they are, how far along, who signs. */

/** An engagement letter for the year, Form 8879 (e-file authorization), or any other PDF. */
export const SIGNATURE_DOCUMENT_KINDS = ['engagement', '8879', 'other'] as const;
export type SignatureDocumentKind = (typeof SIGNATURE_DOCUMENT_KINDS)[number];
export const SIGNATURE_DOCUMENT_KIND_LABELS: Record<SignatureDocumentKind, string> = {
  engagement: 'Engagement letter',
  '8879': 'Form 8879 (IRS e-file signature authorization)',
  other: 'Document to sign',
};

/**
 * pending (waiting on a signer) → signed (every signer signed; the signed file is made), or paper (the
 * client chose "Print, sign and upload instead": a checklist item takes the wet-signed pages), or void
 * (withdrawn by staff; a correction is a new document).
 */
export const SIGNATURE_DOCUMENT_STATUSES = ['pending', 'signed', 'paper', 'void'] as const;
export type SignatureDocumentStatus = (typeof SIGNATURE_DOCUMENT_STATUSES)[number];

export const SIGNER_ROLES = ['taxpayer', 'spouse'] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];

/** Who must sign: the taxpayer, the spouse, or both (a joint return's 8879). */
export const SIGNER_CHOICES = ['taxpayer', 'spouse', 'both'] as const;
export type SignerChoice = (typeof SIGNER_CHOICES)[number];

/** The multipart fields of staff/signatures/create: the PDF to sign, and the full return to open first. */
export const SIGNATURE_DOCUMENT_FIELD = 'document';
export const SIGNATURE_RETURN_FIELD = 'return';
/** A PDF to sign or a return: under 25 MB. */
export const SIGNATURE_MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** The e-mailed one-time code: six digits, valid for 10 minutes, five wrong tries. */
export const SIGNATURE_CODE_DIGITS = 6;
export const SIGNATURE_CODE_MINUTES = 10;
export const SIGNATURE_CODE_MAX_ATTEMPTS = 5;
/** The spouse's e-mailed link stays valid this many days (a new one can be sent by staff). */
export const SIGNATURE_LINK_DAYS = 14;
/**
 * Security review 2, S2-06: wrong codes from one signer across every code sent; at this many the document
 * locks until staff reopen it, and the signer is e-mailed.
 */
export const SIGNATURE_FAILED_CODES_LOCK = 10;
/** S2-05: once the spouse has signed, their link opens only the signed file, for this many days. */
export const SIGNATURE_SIGNED_LINK_DAYS = 7;
/** A drawn signature: a PNG data URL of at most this many characters. */
export const SIGNATURE_PNG_MAX_CHARS = 300_000;
/** A typed signature: the signer's name as they type it. */
export const SIGNATURE_TEXT_MAX = 100;

/** Where a mark goes: page (1-based) and the point as fractions of the page's width and height from the top left. */
export type Placement = { page: number; x: number; y: number };

/**
 * Where the marks go when staff do not say: Form 8879 (Rev. January 2021) Part II has the taxpayer's
 * signature and date line, then the spouse's, on page 1; other documents sign at the foot of the last page
 * (page 0 means "the last page").
 */
export const DEFAULT_PLACEMENTS: Record<
  SignatureDocumentKind,
  Record<SignerRole, { signature: Placement; date: Placement }>
> = {
  '8879': {
    taxpayer: { signature: { page: 1, x: 0.2, y: 0.545 }, date: { page: 1, x: 0.78, y: 0.545 } },
    spouse: { signature: { page: 1, x: 0.2, y: 0.585 }, date: { page: 1, x: 0.78, y: 0.585 } },
  },
  engagement: {
    taxpayer: { signature: { page: 0, x: 0.1, y: 0.82 }, date: { page: 0, x: 0.6, y: 0.82 } },
    spouse: { signature: { page: 0, x: 0.1, y: 0.9 }, date: { page: 0, x: 0.6, y: 0.9 } },
  },
  other: {
    taxpayer: { signature: { page: 0, x: 0.1, y: 0.82 }, date: { page: 0, x: 0.6, y: 0.82 } },
    spouse: { signature: { page: 0, x: 0.1, y: 0.9 }, date: { page: 0, x: 0.6, y: 0.9 } },
  },
};
