import type { SignatureDocument } from '@taxfirm/contract';

type Signer = SignatureDocument['signers'][number];

/** A signer as account/signatures/list answers it: opened when signed, the e-mail masked to its first letter. */
export function signerFixture(role: Signer['role'], name: string, signedAt: string | null): Signer {
  return {
    role,
    name,
    email: `${name[0]?.toLowerCase()}•••@example.com`,
    opened_at: signedAt,
    return_opened_at: null,
    signed_at: signedAt,
  };
}

/** Priya Rao's Form 8879 for 2025, pending, for her and Arjun Rao to sign; nobody has opened it. */
export function signatureDocumentFixture(over: Partial<SignatureDocument> = {}): SignatureDocument {
  return {
    document_id: '00000000-0000-4000-8000-0000000000d1',
    kind: '8879',
    title: 'Form 8879 2025',
    tax_year: 2025,
    status: 'pending',
    created_at: '2026-11-25T15:00:00.000Z',
    has_return: false,
    signers: [signerFixture('taxpayer', 'Priya Rao', null), signerFixture('spouse', 'Arjun Rao', null)],
    my_role: 'taxpayer',
    signed_at: null,
    signed_url: null,
    signed_sha256: null,
    paper_item_id: null,
    locked: false,
    ...over,
  };
}
