import type { DataDirLockedError } from '@taxfirm/db';

/**
 * What a command-line tool says when the server (or another tool) has the embedded database open. The
 * tools do not work through a running server (that would need an authenticated local admin endpoint);
 * they open the database themselves, so they refuse and say how to go on.
 */
export function dataDirInUse(error: DataDirLockedError, command: string): string {
  return (
    `${error.message}\n\n` +
    `The embedded database (PGlite) can be open in one process only. To run ${command}:\n` +
    `  1. stop the server (Ctrl+C in its terminal),\n` +
    `  2. run ${command} again,\n` +
    `  3. start the server again (npm start).\n` +
    `With DATABASE_URL set (PostgreSQL) there is no such lock and the command runs beside the server.\n`
  );
}
