import type { SignatureDocument, SignerSummary } from '@taxfirm/contract';

const ROLE_LABELS: Record<SignerSummary['role'], string> = { taxpayer: 'Taxpayer', spouse: 'Spouse' };

/** Day and time in the reader's zone, short: "26 Nov 10:14". */
export function shortDateTime(iso: string): string {
  const date = new Date(iso);
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });
  return `${day} ${time}`;
}

/** "Priya signed 26 Nov 10:14 · Arjun pending": each signer's state, in order. */
export function signersLine(signers: readonly SignerSummary[]): string {
  return signers
    .map((s) => {
      const name = s.name.trim() || ROLE_LABELS[s.role];
      return s.signed_at ? `${name} signed ${shortDateTime(s.signed_at)}` : `${name} pending`;
    })
    .join(' · ');
}

/** The session's own signer row (null when they do not sign the document). */
export function mySigner(document: SignatureDocument): SignerSummary | null {
  return document.my_role ? (document.signers.find((s) => s.role === document.my_role) ?? null) : null;
}

/** The document waits on the session's signature. */
export function isMineToSign(document: SignatureDocument): boolean {
  return document.status === 'pending' && mySigner(document)?.signed_at === null;
}

/** The other signers still to sign, by name ("Arjun"), or null when there are none. */
export function othersPending(document: SignatureDocument): string | null {
  const names = document.signers
    .filter((s) => s.role !== document.my_role && s.signed_at === null)
    .map((s) => s.name.trim() || ROLE_LABELS[s.role]);
  return names.length > 0 ? names.join(' and ') : null;
}
