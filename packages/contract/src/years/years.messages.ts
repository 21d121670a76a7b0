/**
 * The words of every year in the vault (issue 38). Spread into MESSAGES, where each text appears once.
 */
export const YEAR_MESSAGES = {
  YEAR_NOT_FOUND: 'You have no tax year with the firm for that year.',
  YEAR_CLOSED: 'This tax year is closed: its files can be viewed and downloaded, but no longer changed.',
  YEAR_RETURN_NOT_FOUND: 'That filed return was not found in your tax years.',
  YEAR_NOTHING_TO_DOWNLOAD: 'This tax year has no files to download yet.',
  YEAR_RETURN_NOT_FOR_DELEGATES:
    'Only the taxpayer and spouse can download a filed return or a whole tax year.',
} as const;
