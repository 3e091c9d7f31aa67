// Errors the CLI reports as one line on stderr, with an exit code that tells scripts what failed:
// 1 = the input was refused (invalid file, unknown project, conflict), 2 = wrong usage, 3 = the
// environment failed (database unreachable, unexpected error).
export type ExitCode = 1 | 2 | 3;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = 1,
  ) {
    super(message);
    this.name = "CliError";
  }
}

export const usageError = (message: string, command: string) => new CliError(`${message} (see \`tropos ${command} --help\`)`, 2);
