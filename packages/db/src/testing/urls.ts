/** The same server and credentials, another database. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Quote an identifier we generated ourselves (letters, digits, underscores). */
export function quoteIdent(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unsafe identifier: ${name}`);
  return `"${name}"`;
}
