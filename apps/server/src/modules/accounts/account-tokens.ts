/**
 * The one-time tokens of accounts (verification, reset links, the second sign-in step): random, stored
 * hashed, single use and expiring.
 */
import { and, authTokens, eq, gt, isNull, type Database } from '@taxfirm/db';
import { hashToken, randomToken } from '../../lib/crypto/tokens.ts';

export type TokenKind = 'verify' | 'reset' | 'staff_reset' | 'mfa_login' | 'staff_mfa_login';

/** Store a new token of this kind for the user; its secret goes in the link, never in the database. */
export async function issueToken(
  db: Pick<Database, 'insert'>,
  userId: string,
  kind: TokenKind,
  ttlMs: number,
): Promise<{ id: string; secret: string }> {
  const secret = randomToken();
  const [row] = await db
    .insert(authTokens)
    .values({ userId, kind, tokenHash: hashToken(secret), expiresAt: new Date(Date.now() + ttlMs) })
    .returning({ id: authTokens.id });
  if (!row) throw new Error('token not stored');
  return { id: row.id, secret };
}

/** A live token of this kind for this secret (unused, unexpired), or null. */
export async function liveToken(db: Database, kind: TokenKind, secret: string) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(secret)),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Use up a token (once): false when it was used already. */
export async function useUpToken(db: Pick<Database, 'update'>, tokenId: string): Promise<boolean> {
  const used = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id });
  return used.length > 0;
}
