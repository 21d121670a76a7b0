/** The rows every part of the signatures domain reads and writes, and the refusals they share. */
import { MESSAGES } from '@taxfirm/contract';
import type { Database, signatureDocuments, signatureSigners } from '@taxfirm/db';
import { AppError } from '../../lib/app-error.ts';

export type Reader = Pick<Database, 'select'>;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DocumentRow = typeof signatureDocuments.$inferSelect;
export type SignerRow = typeof signatureSigners.$inferSelect;

export const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const notFound = () => new AppError('NOT_FOUND', { message: MESSAGES.SIGNATURE_NOT_FOUND });
export const linkInvalid = () => new AppError('NOT_FOUND', { message: MESSAGES.SIGNATURE_LINK_INVALID });
export const conflict = (message: string) => new AppError('CONFLICT', { message });
export const unprocessable = (message: string, field?: string) =>
  field ? AppError.onField('UNPROCESSABLE', field, message) : new AppError('UNPROCESSABLE', { message });
/** A spouse's link that ran out: 410 with its own message once they signed (S2-05), else the usual 404. */
export const linkEnded = (signer: { signedAt: Date | null }) =>
  signer.signedAt ? new AppError('SIGNATURE_LINK_ENDED') : linkInvalid();
export const locked = () => new AppError('SIGNATURE_LOCKED', { message: MESSAGES.SIGNATURE_LOCKED });
