import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { DEFAULT_PHONE_EXTENSION, PHONE_DIGITS, PHONE_EXTENSIONS } from './constants.ts';

// Pages run under a CSP without 'unsafe-eval', and zod probes for eval when a schema is built (the probe
// logs a CSP violation). In the browser it must run without its eval-based fast path; this module is
// evaluated before every schema of the contract. The server keeps the fast path.
if ('document' in globalThis) z.config({ jitless: true });

/** Every answer carries these two fields; the HTTP status equals http_code. */
export const envelopeSchema = z.object({
  http_code: z.number().int(),
  status_smessage: z.string(),
});
export type Envelope = z.infer<typeof envelopeSchema>;

/** An envelope plus the call's own fields. */
export function envelope<T extends z.ZodRawShape>(shape: T) {
  return envelopeSchema.extend(shape);
}

/** A body with no fields of its own. The old client added user_id to every post; it is never trusted. */
export const emptyBodySchema = z.object({});

/** A required, trimmed text field with the given "required" message. */
/** PostgreSQL text cannot hold a NUL character: refused with a message, never a database error. */
export const hasNoNul = (v: string) => !v.includes('\u0000');

export function requiredText(message: string, max = 200) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` })
    .refine(hasNoNul, { error: MESSAGES.TEXT_NUL });
}

/** Optional free text: blank or null (as answers carry it) becomes undefined. */
export function optionalText(max = 200) {
  return z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .refine(hasNoNul, { error: MESSAGES.TEXT_NUL })
    .nullish()
    .transform((v) => (v ? v : undefined));
}

const LETTERS_AND_SPACES = /^[A-Za-z ]+$/;

/** A person's name: required, letters and spaces only (section 5). */
export function personName(required: string, alphabets: string) {
  return requiredText(required, 100).regex(LETTERS_AND_SPACES, { error: alphabets });
}

/** A required e-mail address. */
export function emailField(required: string = MESSAGES.EMAIL_REQUIRED) {
  return requiredText(required, 254).pipe(z.email({ error: MESSAGES.EMAIL_INVALID }));
}

/** An e-mail address that may be left out: blank counts as left out, anything else must be an address. */
export function optionalEmailField() {
  return z
    .string()
    .trim()
    .max(254)
    .refine(hasNoNul, { error: MESSAGES.TEXT_NUL })
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(emailField().optional());
}

/** A stored file as an answer describes it: its name, its size in bytes and its detected content type. */
export const fileFields = {
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
};

export const phoneExtensionSchema = z.enum(PHONE_EXTENSIONS, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? MESSAGES.PHONE_EXT_REQUIRED
      : MESSAGES.PHONE_EXT_INVALID,
});

/** The phone extension with the specification's default, US. */
export const phoneExtensionWithDefault = phoneExtensionSchema.default(DEFAULT_PHONE_EXTENSION);

/**
 * A 10-digit phone number, typed with or without its mask: "(469)-555-0100", "98765-43210" or
 * "4695550100" all become the ten digits.
 */
export function phoneField(required: string = MESSAGES.PHONE_REQUIRED) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v.length === PHONE_DIGITS, { error: MESSAGES.PHONE_TEN_DIGITS });
}

const MM_DD_YYYY = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])-\d{4}$/;

/** A date typed as MM-DD-YYYY, checked to be a real calendar date. */
export const mmddyyyySchema = z
  .string()
  .trim()
  .refine((v) => MM_DD_YYYY.test(v) && isRealDate(v), { error: MESSAGES.INVALID_DATE });

function isRealDate(mmddyyyy: string): boolean {
  const [m, d, y] = mmddyyyy.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** An optional MM-DD-YYYY date: blank becomes undefined. */
export const optionalDateSchema = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : undefined))
  .pipe(mmddyyyySchema.optional());

/**
 * The one day filter of the console's lists (payments, the audit log, ...): MM-DD-YYYY, the specification's
 * date, optional. Days are the firm's (FIRM_TIME_ZONE): the server turns them into instants.
 */
export const dayFilterSchema = optionalDateSchema;

/** MM-DD-YYYY as the number of days since the epoch, for comparing the two ends of a range. */
const dayOf = (mmddyyyy: string) => {
  const [m, d, y] = mmddyyyy.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};
/** A from/to pair of day filters in order (either may be blank). */
export const dayRangeInOrder = (v: { from?: string | undefined; to?: string | undefined }) =>
  !v.from || !v.to || dayOf(v.from) <= dayOf(v.to);
export const DAY_RANGE_RULE = { error: MESSAGES.DATE_RANGE_INVALID, path: ['to'] };

/** Paging in the shape the old DataTables client sends. */
export const dataTablesParametersSchema = z.object({
  draw: z.coerce.number().int().min(0).default(1),
  start: z.coerce.number().int().min(0).default(0),
  length: z.coerce.number().int().min(1).max(100).default(10),
  search: z
    .object({ value: z.string().max(200).refine(hasNoNul, { error: MESSAGES.TEXT_NUL }).default('') })
    .partial()
    .optional(),
});
export type DataTablesParameters = z.infer<typeof dataTablesParametersSchema>;

/** Money as integer cents. */
export const centsSchema = z.number().int().nonnegative();

/** Mask a phone's ten digits for display: (000)-000-0000 for US, 00000-00000 for INDIA. */
export function formatPhone(digits: string, extension: 'US' | 'INDIA'): string {
  const d = digits.replace(/\D/g, '');
  if (extension === 'INDIA') {
    if (d.length <= 5) return d;
    return `${d.slice(0, 5)}-${d.slice(5, 10)}`;
  }
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)})-${d.slice(3)}`;
  return `(${d.slice(0, 3)})-${d.slice(3, 6)}-${d.slice(6, 10)}`;
}

/**
 * A real calendar day as YYYY-MM-DD from 1900 to 2100 (February 30 is refused, and so is year 0, which the
 * database's date type cannot hold), with the caller's message.
 */
export function isoDayField(message: string) {
  return z
    .string({ error: message })
    .regex(/^(19\d\d|20\d\d|2100)-\d{2}-\d{2}$/, { error: message })
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      { error: message },
    );
}

/** An optional day: empty or null for none (returned as null), else a real day as `isoDayField` reads it. */
export function optionalIsoDayField(message: string) {
  return z.union([z.literal('').transform(() => null), isoDayField(message).nullish()], { error: message });
}

export const taxYearField = z.coerce.number().int().min(2000).max(2100).optional();

export const clientIdField = z.uuid({ error: MESSAGES.CLIENT_NOT_FOUND });
