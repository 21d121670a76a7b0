import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's start-up parameters: its defaults, with PostgreSQL's shared buffers at 16 MB instead of 128 MB (the
 * embedded database's pages fit many times over; idle memory, issue 39 and ADR 033).
 */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
];
