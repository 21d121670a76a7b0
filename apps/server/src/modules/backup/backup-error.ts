/** A backup or restore refused or failed for a reason the operator can act on: its message says how. */
export class BackupError extends Error {}
