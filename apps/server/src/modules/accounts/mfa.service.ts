/**
 * Two-step verification (TOTP, RFC 6238) with ten one-time recovery codes. The secret is sealed by the
 * server's keyring; recovery codes are kept as argon2id hashes. While it is on, a correct password only
 * earns a 5-minute, single-use login token, exchanged for a session with a code.
 */
import { randomBytes } from 'node:crypto';
import { MESSAGES, type SiteSettings } from '@taxfirm/contract';
import { and, eq, isNull, lt, mfaRecoveryCodes, or, users, type Database } from '@taxfirm/db';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { AppError } from '../../lib/app-error.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { hashPassword, verifyPassword } from '../../lib/crypto/passwords.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { templates } from '../mail/templates.ts';

const SECRET_CONTEXT = 'mfa-secret';
const RECOVERY_CODES = 10;
/** Codes of the previous and next 30-second step are accepted too (clock drift). */
const TOLERANCE_SECONDS = 30;
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export type MfaDeps = { db: Database; keyring: Keyring; settings: () => Promise<SiteSettings> };

function invalidCode(): AppError {
  return new AppError('VALIDATION_FAILED', {
    message: MESSAGES.MFA_CODE_INVALID,
    details: { code: MESSAGES.MFA_CODE_INVALID },
  });
}

/** A recovery code: 10 characters from an unambiguous alphabet, shown as xxxxx-xxxxx (about 50 bits). */
function recoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

async function userRow(db: Database, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

export async function isMfaEnabled(db: Database, userId: string): Promise<boolean> {
  return Boolean((await userRow(db, userId)).mfaEnabledAt);
}

/** Start (or restart) enrolment: a new secret, kept sealed until a first code confirms it. */
export async function startMfaSetup(deps: MfaDeps, userId: string) {
  const user = await userRow(deps.db, userId);
  if (user.mfaEnabledAt) throw new AppError('CONFLICT', { message: MESSAGES.MFA_ALREADY_ON });
  const { firm_name: firmName } = await deps.settings();
  const secret = generateSecret();
  await deps.db
    .update(users)
    .set({ mfaSecret: deps.keyring.seal(Buffer.from(secret), SECRET_CONTEXT) })
    .where(eq(users.id, userId));
  const otpauthUrl = generateURI({ issuer: firmName, label: user.email, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
  return {
    secret,
    otpauth_url: otpauthUrl,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

function secretOf(deps: MfaDeps, sealed: string | null): string {
  if (!sealed) throw invalidCode();
  return deps.keyring.open(sealed, SECRET_CONTEXT).toString();
}

/**
 * Check an authenticator code and record its time step, so that the same code (or an older one) is never
 * accepted again for this user, even by two requests racing.
 */
async function acceptTotp(
  db: Database,
  user: { id: string; mfaLastTimeStep: number | null },
  secret: string,
  code: string,
): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(user.mfaLastTimeStep === null ? {} : { afterTimeStep: user.mfaLastTimeStep }),
  });
  if (!result.valid || !('timeStep' in result)) return false;
  const recorded = await db
    .update(users)
    .set({ mfaLastTimeStep: result.timeStep })
    .where(
      and(
        eq(users.id, user.id),
        or(isNull(users.mfaLastTimeStep), lt(users.mfaLastTimeStep, result.timeStep)),
      ),
    )
    .returning({ id: users.id });
  return recorded.length === 1;
}

/** Confirm enrolment with a first code; answers the recovery codes (the only time they exist in clear). */
export async function enableMfa(deps: MfaDeps, userId: string, code: string): Promise<string[]> {
  const user = await userRow(deps.db, userId);
  if (user.mfaEnabledAt) throw new AppError('CONFLICT', { message: MESSAGES.MFA_ALREADY_ON });
  if (!(await acceptTotp(deps.db, user, secretOf(deps, user.mfaSecret), code))) throw invalidCode();
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
  const hashes = await Promise.all(codes.map((c) => hashPassword(c)));
  const { firm_name: firmName, site_email: siteEmail } = await deps.settings();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ mfaEnabledAt: new Date() }).where(eq(users.id, userId));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await tx.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    await enqueueEmail(tx, user.email, templates.mfaChanged(firmName, user.firstName, true, siteEmail));
  });
  return codes;
}

/** Turn it off after asking for the password again. */
export async function disableMfa(deps: MfaDeps, userId: string, password: string): Promise<void> {
  const user = await userRow(deps.db, userId);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError('VALIDATION_FAILED', {
      message: MESSAGES.PASSWORD_WRONG,
      details: { password: MESSAGES.PASSWORD_WRONG },
    });
  }
  const { firm_name: firmName, site_email: siteEmail } = await deps.settings();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ mfaSecret: null, mfaEnabledAt: null, mfaLastTimeStep: null })
      .where(eq(users.id, userId));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await enqueueEmail(tx, user.email, templates.mfaChanged(firmName, user.firstName, false, siteEmail));
  });
}

/** Check a login's second step: an authenticator code, or an unused recovery code (then used up). */
export async function checkSecondFactor(
  deps: MfaDeps,
  userId: string,
  code: string,
): Promise<'totp' | 'recovery'> {
  const user = await userRow(deps.db, userId);
  if (!user.mfaEnabledAt) throw invalidCode();
  if (await acceptTotp(deps.db, user, secretOf(deps, user.mfaSecret), code)) return 'totp';
  if (/^[a-z0-9]{5}-?[a-z0-9]{5}$/.test(code)) {
    const normalised = code.includes('-') ? code : `${code.slice(0, 5)}-${code.slice(5)}`;
    const unused = await deps.db
      .select()
      .from(mfaRecoveryCodes)
      .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
    for (const row of unused) {
      if (await verifyPassword(row.codeHash, normalised)) {
        const used = await deps.db
          .update(mfaRecoveryCodes)
          .set({ usedAt: new Date() })
          .where(and(eq(mfaRecoveryCodes.id, row.id), isNull(mfaRecoveryCodes.usedAt)))
          .returning({ id: mfaRecoveryCodes.id });
        if (used.length === 1) return 'recovery';
      }
    }
  }
  throw invalidCode();
}
