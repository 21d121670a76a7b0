import { DatabaseRoleError, DataDirLockedError } from '@taxfirm/db';
import { EnvError } from '../../env.ts';
import { dataDirInUse } from './data-dir-in-use.ts';

/**
 * How every operator command ends: `main`'s exit code, or exit 1 with one clear message for a failure, never a
 * stack trace. `explain` words a command's own refusals; the environment, the database role check and the
 * embedded database's lock are worded here once; anything else is `<name> failed: <message>`.
 */
export function runCommand(
  name: string,
  main: () => Promise<number>,
  explain: (error: unknown) => string | undefined = () => undefined,
): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(
        explain(error) ??
          (error instanceof EnvError || error instanceof DatabaseRoleError
            ? `${error.message}\n`
            : error instanceof DataDirLockedError
              ? dataDirInUse(error, `npm run ${name}`)
              : `${name} failed: ${error instanceof Error ? error.message : String(error)}\n`),
      );
      process.exit(1);
    },
  );
}
