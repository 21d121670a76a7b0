import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import {
  emailField,
  envelope,
  mmddyyyySchema,
  optionalDateSchema,
  optionalText,
  personName,
  phoneExtensionSchema,
  phoneField,
  requiredText,
} from '../common.ts';
import {
  COUNTRY_OPTIONS,
  FILING_STATUSES,
  MAX_DEPENDENTS,
  MAX_EMPLOYERS,
  TIME_ZONES,
  YES_NO_OPTIONS,
} from '../constants.ts';
import { FILE_STATUSES } from '../statuses.ts';

/**
 * An SSN or ITIN typed with or without dashes. Blank means "keep the stored number" on save;
 * answers carry it masked (***-**-1234).
 */
export const ssnInputSchema = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v.replace(/[\s-]/g, '') : undefined))
  .refine((v) => v === undefined || /^\d{9}$/.test(v), { error: MESSAGES.SSN_FORMAT, abort: true })
  .refine((v) => v === undefined || isIssuableNumber(v), { error: MESSAGES.SSN_INVALID });

/**
 * Nine digits the IRS or SSA could have issued. An ITIN starts with 9 and its 4th and 5th digits are
 * 50–65, 70–88, 90–92 or 94–99. An SSN never starts with 9, 000 or 666, and has no 00 group or 0000 serial.
 */
function isIssuableNumber(digits: string): boolean {
  const area = digits.slice(0, 3);
  const group = Number(digits.slice(3, 5));
  if (digits.startsWith('9')) {
    return (
      (group >= 50 && group <= 65) ||
      (group >= 70 && group <= 88) ||
      (group >= 90 && group <= 92) ||
      group >= 94
    );
  }
  return area !== '000' && area !== '666' && group !== 0 && digits.slice(5) !== '0000';
}

function optionalEnum<T extends readonly [string, ...string[]]>(values: T) {
  return z
    .union([z.enum(values), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : undefined));
}

const firstName = personName(MESSAGES.FIRST_NAME_REQUIRED, MESSAGES.FIRST_NAME_ALPHABETS);
const lastName = personName(MESSAGES.LAST_NAME_REQUIRED, MESSAGES.LAST_NAME_ALPHABETS);

export const taxpayerBodySchema = z.object({
  /** The old client's form id; accepted and ignored. */
  unique_code: z.unknown().optional(),
  first_name: firstName,
  last_name: lastName,
  ssnitin: ssnInputSchema,
  occupation: optionalText(),
  dob: optionalDateSchema,
  filling_status: optionalEnum(FILING_STATUSES),
  /** 1 yes, 2 no. */
  dependent: optionalEnum(['1', '2']),
  email: emailField(),
  phoneext: phoneExtensionSchema,
  phone: phoneField(),
  alterphone: optionalText(30),
  address: optionalText(300),
  city_name: optionalText(),
  state_name: optionalText(),
  country_name: optionalEnum(COUNTRY_OPTIONS),
  zip: optionalText(20),
  insurence: optionalEnum(YES_NO_OPTIONS),
  current_emp: optionalText(),
  c_location: optionalText(),
  time_zone: optionalEnum(TIME_ZONES),
  referral_name: optionalText(),
});
export type TaxpayerBody = z.input<typeof taxpayerBodySchema>;

/** What the API answers: identity numbers masked, dates as MM-DD-YYYY. */
export const taxpayerInfoSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  ssnitin: z.string().nullable(),
  occupation: z.string().nullable(),
  dob: z.string().nullable(),
  filling_status: z.string().nullable(),
  dependent: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  phoneext: z.string().nullable(),
  alterphone: z.string().nullable(),
  address: z.string().nullable(),
  city_name: z.string().nullable(),
  state_name: z.string().nullable(),
  country_name: z.string().nullable(),
  zip: z.string().nullable(),
  insurence: z.string().nullable(),
  current_emp: z.string().nullable(),
  c_location: z.string().nullable(),
  time_zone: z.string().nullable(),
  referral_name: z.string().nullable(),
});
export type TaxpayerInfo = z.infer<typeof taxpayerInfoSchema>;
export const taxpayerInfoResponseSchema = envelope({
  tinfo: taxpayerInfoSchema.nullable(),
  /** The current tax year's file status, as the server knows it now (local storage may be older). */
  filestatus: z.enum(FILE_STATUSES).nullable(),
  /** Whether the profile may still be changed (DESIGN.md "File statuses"); saves are refused otherwise. */
  editable: z.boolean(),
});

export const spouseBodySchema = z.object({
  s_user_id: z.unknown().optional(),
  first_name: requiredText(MESSAGES.FIRST_NAME_REQUIRED, 100),
  last_name: requiredText(MESSAGES.LAST_NAME_REQUIRED, 100),
  ssn: ssnInputSchema,
  occupation: optionalText(),
  dob: optionalDateSchema,
  visa_type: optionalText(50),
});
export type SpouseBody = z.input<typeof spouseBodySchema>;
export const spouseInfoSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  ssn: z.string().nullable(),
  occupation: z.string().nullable(),
  dob: z.string().nullable(),
  visa_type: z.string().nullable(),
});
export const spouseInfoResponseSchema = envelope({ sinfo: spouseInfoSchema.nullable() });

export const dependentSchema = z.object({
  /**
   * The stored dependent this row edits, from the answer's `id`. A blank number keeps that dependent's
   * stored number; a row without one is new. (Matching by position would hand a removed row's number to
   * the row that moves up.)
   */
  id: z.uuid().optional(),
  first_name: requiredText(MESSAGES.FIRST_NAME_REQUIRED, 100),
  last_name: requiredText(MESSAGES.LAST_NAME_REQUIRED, 100),
  ssn: ssnInputSchema,
  /** Shown as Relationship. */
  occupation: optionalText(),
  dob: optionalDateSchema,
  visa_type: optionalText(50),
});
export const saveDependentsBodySchema = z.object({
  d_user_id: z.unknown().optional(),
  dependentinfo: z
    .array(dependentSchema)
    .max(MAX_DEPENDENTS, { error: MESSAGES.TOO_MANY_DEPENDENTS })
    .refine(
      (rows) => {
        const ids = rows.flatMap((row) => (row.id ? [row.id] : []));
        return new Set(ids).size === ids.length;
      },
      { error: MESSAGES.INVALID_REQUEST },
    ),
});
export type SaveDependentsBody = z.input<typeof saveDependentsBodySchema>;
/** A dependent as answered: the same fields as a spouse, and its id for the next save. */
export const dependentInfoSchema = spouseInfoSchema.extend({ id: z.string() });
export const dependentInfoResponseSchema = envelope({ dinfo: z.array(dependentInfoSchema) });

export const employerSchema = z
  .object({
    company_name: requiredText(MESSAGES.EMPLOYER_COMPANY_REQUIRED),
    client_name: requiredText(MESSAGES.EMPLOYER_CLIENT_REQUIRED),
    proj_start_date: requiredText(MESSAGES.EMPLOYER_START_REQUIRED, 10).pipe(mmddyyyySchema),
    proj_end_date: requiredText(MESSAGES.EMPLOYER_END_REQUIRED, 10).pipe(mmddyyyySchema),
  })
  // Compare only two real dates: an invalid start date must not flag a valid end date.
  .refine(
    (v) =>
      !mmddyyyySchema.safeParse(v.proj_start_date).success ||
      !mmddyyyySchema.safeParse(v.proj_end_date).success ||
      toSortable(v.proj_end_date) >= toSortable(v.proj_start_date),
    { path: ['proj_end_date'], error: MESSAGES.EMPLOYER_END_BEFORE_START },
  );
export const saveEmployersBodySchema = z.object({
  emploerinfo: z.array(employerSchema).max(MAX_EMPLOYERS, { error: MESSAGES.TOO_MANY_EMPLOYERS }),
});
export type SaveEmployersBody = z.input<typeof saveEmployersBodySchema>;
export const employerInfoSchema = z.object({
  company_name: z.string(),
  client_name: z.string(),
  proj_start_date: z.string(),
  proj_end_date: z.string(),
});
export const employerInfoResponseSchema = envelope({ empinfo: z.array(employerInfoSchema) });

/** MM-DD-YYYY → YYYYMMDD for comparison. */
function toSortable(mmddyyyy: string): string {
  const [m = '', d = '', y = ''] = mmddyyyy.split('-');
  return `${y}${m}${d}`;
}

/** Which stored identity number to show in full (the client's own; every reveal is audited). */
export const revealSsnBodySchema = z.object({
  section: z.enum(['taxpayer', 'spouse', 'dependent']),
  /** For a dependent: its id from the answer (preferred). */
  id: z.uuid().optional(),
  /** For a dependent: its position in the list, from 0 (when no id is given). */
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_DEPENDENTS - 1)
    .optional(),
});
export type RevealSsnBody = z.input<typeof revealSsnBodySchema>;
export const revealSsnResponseSchema = envelope({ ssn: z.string() });
