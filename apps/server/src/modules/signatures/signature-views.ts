/**
 * How a document to sign reads on each side: its signers (the client sees their addresses masked, staff see
 * them whole with the evidence), the columns both lists share, the spouse's link as staff see it, and what
 * the spouse's page shows.
 */
import type { SignatureDocument, SignerSummary } from '@taxfirm/contract';
import { asc, inArray, signatureSigners } from '@taxfirm/db';
import { iso, type DocumentRow, type Reader, type SignerRow } from './signature-rows.ts';
import { maskEmail } from './signing-codes.ts';

/** The signers of these documents, taxpayer first. */
export async function signersOf(db: Reader, documentIds: string[]): Promise<Map<string, SignerRow[]>> {
  const bySigner = new Map<string, SignerRow[]>();
  if (documentIds.length === 0) return bySigner;
  const rows = await db
    .select()
    .from(signatureSigners)
    .where(inArray(signatureSigners.documentId, documentIds))
    .orderBy(asc(signatureSigners.role));
  for (const row of rows) bySigner.set(row.documentId, [...(bySigner.get(row.documentId) ?? []), row]);
  return bySigner;
}

export const summaryOf = (signer: SignerRow, viewer: 'client' | 'staff'): SignerSummary => ({
  role: signer.role,
  name: signer.name,
  email: viewer === 'staff' ? signer.email : maskEmail(signer.email),
  opened_at: iso(signer.openedAt),
  return_opened_at: iso(signer.returnOpenedAt),
  signed_at: iso(signer.signedAt),
  ...(viewer === 'staff' ? { verification: signer.verification } : {}),
});

/** The columns both sides list of a document. */
export function documentOf(
  row: DocumentRow,
  taxYear: number,
  signers: SignerRow[],
  viewer: 'client' | 'staff',
  signedUrl: string | null,
  /** The client session's own signer role (issue 38: a spouse member's is the spouse's; a delegate's none). */
  clientRole: 'taxpayer' | 'spouse' | null = 'taxpayer',
): SignatureDocument {
  return {
    document_id: row.id,
    kind: row.kind,
    title: row.title,
    tax_year: taxYear,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    has_return: row.returnStorageKey !== null,
    signers: signers.map((signer) => summaryOf(signer, viewer)),
    my_role: viewer === 'client' && signers.some((s) => s.role === clientRole) ? clientRole : null,
    signed_at: iso(row.signedAt),
    signed_url: row.status === 'signed' && row.signedStorageKey ? signedUrl : null,
    signed_sha256: row.signedSha256,
    paper_item_id: row.paperItemId,
    locked: row.lockedAt !== null,
  };
}

/** The spouse's link as staff see it: working, revoked (or never sent), or run out. */
export function spouseLinkState(signers: SignerRow[], now: Date): 'active' | 'revoked' | 'ended' | null {
  const spouse = signers.find((signer) => signer.role === 'spouse');
  if (!spouse) return null;
  if (!spouse.linkTokenHash || !spouse.linkExpiresAt) return 'revoked';
  return spouse.linkExpiresAt.getTime() > now.getTime() ? 'active' : 'ended';
}

/** What the spouse's page shows about their link's document. */
export function spouseView(
  found: { signer: SignerRow; document: DocumentRow; taxYear: number },
  firmName: string,
  signedLink: () => string,
) {
  const { signer, document } = found;
  return {
    firm_name: firmName,
    signer_name: signer.name,
    title: document.title,
    kind: document.kind,
    tax_year: found.taxYear,
    status: document.status,
    has_return: document.returnStorageKey !== null,
    opened: signer.openedAt !== null,
    return_opened: signer.returnOpenedAt !== null,
    signed_at: iso(signer.signedAt),
    email: maskEmail(signer.email),
    locked: document.lockedAt !== null,
    signed_url:
      document.status === 'signed' && document.signedStorageKey && signer.signedAt ? signedLink() : null,
    link_ends_at: iso(signer.linkExpiresAt),
  };
}
