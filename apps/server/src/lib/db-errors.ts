/** PostgreSQL's SQLSTATE of an error, whether the driver or Drizzle (as its `cause`) raised it. */
function sqlState(error: unknown): unknown {
  const code = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? e.code : undefined);
  return code(error) ?? code((error as { cause?: unknown })?.cause);
}

/** A unique constraint refused the write (PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/** A lock was not granted within `lock_timeout` (PostgreSQL 55P03). */
export function isLockTimeout(error: unknown): boolean {
  return sqlState(error) === '55P03';
}
