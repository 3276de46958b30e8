/**
 * A command line read by switch name, never by position. Electron's own command line is not the
 * one the user typed: Chromium keeps switches before arguments and Electron adds switches of its
 * own (`--allow-file-access-from-files`, shell/app/electron_main_delegate.cc), so a file named
 * after `--install` may sit anywhere after it (docs/api/command-line.md: "Switches will precede
 * arguments regardless of appending order"; docs/api/app.md, 'second-instance'). Switches Hearth
 * does not know are ignored; `--` ends the switches, as in Chromium's base/command_line.cc.
 */

export interface CommandLine {
  /** Switches by name (without dashes): their `=value`, or true when they have none. */
  switches: Map<string, string | true>;
  /** What follows a switch Hearth reads with a value (`--install FILE`), by switch name. */
  following: Map<string, string>;
  /** Everything that is not a switch, after the program itself. */
  positionals: string[];
}

/**
 * Reads `argv` (the program first). `withValue` names the switches that take the next argument
 * as their value when written without `=` (`--install FILE`); that argument is then no
 * positional.
 */
export function readCommandLine(
  argv: readonly string[],
  withValue: readonly string[] = [],
): CommandLine {
  const switches = new Map<string, string | true>();
  const following = new Map<string, string>();
  const positionals: string[] = [];
  let switchesEnded = false;
  for (let index = 1; index < argv.length; index++) {
    const argument = argv[index] ?? '';
    if (switchesEnded || !/^--?[^-]/.test(argument)) {
      if (argument === '--' && !switchesEnded) switchesEnded = true;
      else positionals.push(argument);
      continue;
    }
    const body = argument.replace(/^--?/, '');
    const equals = body.indexOf('=');
    const name = (equals === -1 ? body : body.slice(0, equals)).toLowerCase();
    if (equals !== -1) {
      switches.set(name, body.slice(equals + 1));
      continue;
    }
    switches.set(name, true);
    const next = argv[index + 1];
    if (withValue.includes(name) && next !== undefined && !next.startsWith('-')) {
      following.set(name, next);
      index += 1;
    }
  }
  return { switches, following, positionals };
}
