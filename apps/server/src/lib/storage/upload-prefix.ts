import type { CallDefinition } from '@taxfirm/contract';

/**
 * The storage key prefix a multipart call's files are stored under (`<prefix><uuid>`): its path with each
 * run of other characters than letters and digits made one `-`, without one at either end, and a `/`.
 * `upload/uploaddocs` stores under `upload-uploaddocs/`. Shared by the uploads (lib/uploads.ts) and the
 * orphan sweeper, which must list exactly where the uploads write.
 */
export function uploadKeyPrefix(call: Pick<CallDefinition, 'path'>): string {
  return `${call.path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}/`;
}
