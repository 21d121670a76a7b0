/** Business constants and limits of the specification (section 9) and DESIGN.md. */

export const INACTIVITY_LIMIT_MINUTES = 20;
export const SESSION_ABSOLUTE_HOURS = 12;
/** A step-up (password or code asked again) opens sensitive actions to its session for this long. */
export const STEP_UP_MINUTES = 5;
export const PHONE_DIGITS = 10;
export const SLIDE_ROTATION_MS = 2000;
export const CONTACT_REDIRECT_MS = 2000;
export const CAREERS_REDIRECT_MS = 2000;
export const REFERRAL_REDIRECT_MS = 2000;
export const REGISTER_PANEL_SWITCH_MS = 3000;
export const PROFILE_CLOSE_MS = 1000;
export const UPLOAD_MESSAGE_MS = 3000;
export const PREVIEW_DELAY_MS = 1000;
export const CONTACT_YEAR = 2022;
export const MAX_DEPENDENTS = 6;
export const MAX_EMPLOYERS = 6;
export const UPLOAD_SLOTS = 6;
/** A file must be strictly under this size. */
export const MAX_UPLOAD_BYTES = 6_291_456;
/** Stored files of this size or smaller are hidden from listings (and refused on upload). */
export const HIDDEN_MAX_BYTES = 1024;
export const REFERRAL_PAGE_SIZE = 10;
export const DEFAULT_TAX_YEAR = 2021;
export const PAYMENT_CURRENCY = 'USD' as const;
/** Amounts travel in the smallest currency unit (cents). */
export const CENTS_PER_UNIT = 100;
export const MAX_PAYMENT_CENTS = 100_000 * CENTS_PER_UNIT;
/** Card providers refuse smaller charges (Razorpay: 100 of the currency's smallest unit). */
export const MIN_PAYMENT_CENTS = 1 * CENTS_PER_UNIT;
/** The public hosted-button form posts this fixed amount. */
export const HOSTED_BUTTON_AMOUNT = 100;

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export const DEFAULT_OFFICE_DAYS = 'Mon to Fri';
export const DEFAULT_OFFICE_TIMINGS = '9:30AM CST to 6:30PM CST';

/** The spec's local-storage keys. UI state only: they never hold a secret. */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  clientId: 'client_id',
  userName: 'user_name',
  fileNumber: 'filenumber',
  email: 'email',
  processingState: 'processingstate',
  fileStatus: 'filestatus',
  lastActive: 'last_active',
  currentYear: 'currentyear',
  uploadedType: 'uploadedtype',
} as const;

export const PHONE_EXTENSIONS = ['US', 'INDIA'] as const;
export type PhoneExtension = (typeof PHONE_EXTENSIONS)[number];
export const DEFAULT_PHONE_EXTENSION: PhoneExtension = 'US';
export function isPhoneExtension(value: unknown): value is PhoneExtension {
  return typeof value === 'string' && (PHONE_EXTENSIONS as readonly string[]).includes(value);
}
export const PHONE_EXTENSION_OPTIONS = [
  { value: 'US', label: 'US (+1)', dialCode: '+1' },
  { value: 'INDIA', label: 'INDIA (+91)', dialCode: '+91' },
] as const satisfies readonly { value: PhoneExtension; label: string; dialCode: string }[];
/** Input masks: 0 stands for a digit. */
export const PHONE_MASKS: Record<PhoneExtension, string> = {
  US: '(000)-000-0000',
  INDIA: '00000-00000',
};

export const FILING_STATUSES = [
  'Single',
  'Married Filing Jointly',
  'Married Filing Seperately',
  'Head Of Household',
  'Qualified Widow/er with Dependent Child',
] as const;
export type FilingStatusOption = (typeof FILING_STATUSES)[number];

/** Dependents: 1 means yes, 2 means no. */
export const DEPENDENT_OPTIONS = [
  { value: '1', label: 'Yes' },
  { value: '2', label: 'No' },
] as const;
export const COUNTRY_OPTIONS = ['INDIA', 'US', 'Other'] as const;
export const YES_NO_OPTIONS = ['Yes', 'No'] as const;
export const TIME_ZONES = ['EST', 'PST', 'CST', 'MST', 'IST', 'OTHER'] as const;

/** Document categories (DESIGN.md): tab label, folder category, upt_id. */
export const DOCUMENT_CATEGORIES = [
  { tab: 'W2', category: 'W2', uptId: 1 },
  { tab: '1099 B-G', category: '1099B-G', uptId: 2 },
  { tab: '5498/HSA', category: '5498-HSA', uptId: 3 },
  { tab: '1099R/IRA', category: '1099R-IRA', uptId: 4 },
  { tab: '1098/1098-T', category: '1098-1098T', uptId: 6 },
  { tab: 'OTHER DOCS', category: 'OTHERDOCS', uptId: 5 },
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number]['category'];
export const DOCUMENT_CATEGORY_NAMES = DOCUMENT_CATEGORIES.map((c) => c.category) as [
  DocumentCategory,
  ...DocumentCategory[],
];
export const DEFAULT_UPLOAD_CATEGORY: DocumentCategory = 'W2';
/** Images (jpeg/png), PDF and Word (the spec's "doc"; .docx too), as detected from the content. */
export const ACCEPTED_UPLOAD_TYPES = [
  'image/jpeg',
  'image/png',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];
/** The multipart field the upload call's files arrive in (the spec's name). */
export const UPLOAD_FIELD = 'uploadedImages';
/** Between a stored name and the client's own file name in a listed Key. */
export const KEY_NAME_MARKER = '__';

/** The firm's office time zone: days in staff filters and times on receipts are the firm's. */
export const FIRM_TIME_ZONE = 'America/Chicago';
