export {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
} from 'drizzle-orm';
export type { SQL, SQLWrapper } from 'drizzle-orm';
export { alias } from 'drizzle-orm/pg-core';
export * from './client.ts';
export * from './migrate.ts';
export * from './schema/index.ts';
export { defaultSiteSettings, ensureSiteSettings } from './seed/site-settings.ts';
