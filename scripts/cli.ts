// What every database command (npm run backup, restore) shares: its arguments without
// npm's "--", "-h/--help" printing the usage, a Spanish refusal (BackupError) printed as
// is with exit code 1, any other failure printed with what failed, and the exit code.
import { BackupError } from "../server/services/respaldos/sql-dump";

export interface CliArgs {
  /** Arguments without npm's "--". */
  args: string[];
  /** The arguments that are not options. */
  positional: string[];
  has(flag: string): boolean;
}

/**
 * Runs `main` as a command: `usage` on -h/--help, `failure` before an unexpected error's
 * message. `main` answers the exit code.
 */
export function runCli(opts: { usage: string; failure: string }, main: (cli: CliArgs) => Promise<number>): void {
  const args = process.argv.slice(2).filter((a) => a !== "--");
  const cli: CliArgs = { args, positional: args.filter((a) => !a.startsWith("-")), has: (flag) => args.includes(flag) };
  const run = async (): Promise<number> => {
    if (cli.has("-h") || cli.has("--help")) {
      console.log(opts.usage);
      return 0;
    }
    try {
      return await main(cli);
    } catch (err) {
      if (err instanceof BackupError) {
        console.error(err.message);
        return 1;
      }
      throw err;
    }
  };
  run().then(
    (code) => process.exit(code),
    (err) => {
      console.error(opts.failure, err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
