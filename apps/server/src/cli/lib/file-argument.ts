import { parseArgs } from 'node:util';

/**
 * The one file a command takes (`npm run backup -- FILE`). Anything else (no file, two, an option) writes the
 * usage to stderr and answers undefined: the command then exits 2.
 */
export function fileArgument(usage: string, args: string[] = process.argv.slice(2)): string | undefined {
  try {
    const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
    if (positionals.length === 1 && positionals[0]) return positionals[0];
  } catch {
    // An unknown option: a usage error like any other.
  }
  process.stderr.write(`${usage}\n`);
  return undefined;
}
