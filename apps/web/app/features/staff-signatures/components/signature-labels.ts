/** How a document to sign and its signers read in the console: status badges, roles and the signers' line. */
import type { SignatureDocumentStatus, SignerSummary } from '@taxfirm/contract';
import { formatDate } from '../../../lib/dates.ts';

export const STATUS_LABELS: Record<SignatureDocumentStatus, string> = {
  pending: 'Pending',
  signed: 'Signed',
  paper: 'Paper',
  void: 'Void',
};
/** Filled or outlined with dark text: light badges fail contrast. */
export const STATUS_STYLES: Record<
  SignatureDocumentStatus,
  { variant: 'filled' | 'outline'; color: string; c: string }
> = {
  pending: { variant: 'outline', color: 'orange.9', c: 'dark.9' },
  signed: { variant: 'outline', color: 'green.9', c: 'dark.9' },
  paper: { variant: 'outline', color: 'navy', c: 'navy.9' },
  void: { variant: 'outline', color: 'gray.7', c: 'dark.9' },
};

export const ROLE_LABELS: Record<SignerSummary['role'], string> = { taxpayer: 'Taxpayer', spouse: 'Spouse' };

/** "11-26-2026 10:14 AM CST": the day and time in the reader's zone, named (staff work from two countries). */
export function zonedDateTime(iso: string): string {
  const time = new Date(iso).toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return `${formatDate(iso)} ${time}`;
}

/** "Priya signed 11-26-2026 10:14 AM CST · Arjun pending". */
export function staffSignersLine(signers: readonly SignerSummary[]): string {
  return signers
    .map((s) => {
      const name = s.name.trim() || ROLE_LABELS[s.role];
      return s.signed_at ? `${name} signed ${zonedDateTime(s.signed_at)}` : `${name} pending`;
    })
    .join(' · ');
}
