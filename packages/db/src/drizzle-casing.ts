/** Drizzle maps the schema's camelCase names to the database's snake_case, on both engines. */
export const CASING = 'snake_case' as const;
