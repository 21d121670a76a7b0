/** What the signing steps work with: the fields, the flow a page hands them, and reading the server's refusals. */
import { accountSignaturesSignBodySchema, type SignatureInput } from '@taxfirm/contract';
import { ApiError } from '../../../lib/api-client.ts';

/** The fields the signer fills in, checked with the same rules as the API (the document or token aside). */
export const signFieldsSchema = accountSignaturesSignBodySchema.omit({ document_id: true });
export type SignFields = { code: string; signature: SignatureInput; agree: true };
export type Part = 'document' | 'return';

/** A script-like face for the typed signature (the server stamps its own). */
export const SCRIPT_FONT =
  '"Segoe Script", "Brush Script MT", "Lucida Handwriting", "URW Chancery L", cursive';

/** How long to look again for the recorded opening after a link was given out: every 2 s for 2 minutes. */
export const OPEN_POLL_MS = 2000;
export const OPEN_POLL_TRIES = 60;

export type SigningFlow = {
  title: string;
  hasReturn: boolean;
  opened: boolean;
  returnOpened: boolean;
  /**
   * A link to the whole document or the return (the server records the opening when it serves the file).
   * With `codeFirst`, the code typed in step 1 goes with it.
   */
  open: (part: Part, code: string) => Promise<{ url: string }>;
  /**
   * The spouse's link (security review 2, S2-05): the e-mailed code is asked for and entered first, and the
   * server serves the document only with it; the client (already stepped up) reads first.
   */
  codeFirst?: boolean;
  /** Locked after too many wrong codes (S2-06): nothing to do here until the firm reopens it. */
  locked: boolean;
  /** Read the document's state again (did the server record the opening?). */
  refresh: () => void;
  /** E-mail the one-time code (the client's call first asks for a fresh step-up if needed). */
  sendCode: () => Promise<{ sent_to: string; status_smessage: string }>;
  sign: (
    fields: SignFields,
  ) => Promise<{ complete: boolean; signed_url: string | null; status_smessage: string }>;
  /** Who else must still sign, once this signer has (for "We are waiting for …"). */
  waitingFor: string | null;
};

export type FieldErrors = Partial<Record<'code' | 'signature' | 'agree', string>>;

/** The server locked the document (too many wrong codes). */
export const isLockedError = (error: unknown) =>
  error instanceof ApiError && error.code === 'SIGNATURE_LOCKED';

/** The server's field messages on this form's three fields; anything else stays for the alert. */
export function fieldErrorsOf(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError)) return null;
  const found: FieldErrors = {};
  for (const [path, message] of Object.entries(error.details)) {
    const field = path.split('.')[0];
    if (field === 'code' || field === 'signature' || field === 'agree') found[field] ??= message;
  }
  return Object.keys(found).length > 0 ? found : null;
}
