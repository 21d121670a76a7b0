/** A unique constraint refused the write (PostgreSQL 23505), whether the driver or Drizzle raised it. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? e.code : undefined);
  return code(error) === '23505' || code((error as { cause?: unknown })?.cause) === '23505';
}
