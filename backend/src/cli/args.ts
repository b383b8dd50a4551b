// Minimal argument parsing for the command line: `<resource> <verb> --flag value --switch`.

export interface ParsedArgs {
  command: string[];
  flags: Record<string, string>;
  switches: Set<string>;
}

export class UsageError extends Error {}

export function parseArgs(argv: string[], switchNames: ReadonlySet<string>): ParsedArgs {
  const command: string[] = [];
  const flags: Record<string, string> = {};
  const switches = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      command.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq > 0 ? eq : undefined);
    if (switchNames.has(name)) {
      switches.add(name);
      continue;
    }
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || (eq < 0 && value.startsWith('--'))) throw new UsageError(`--${name} needs a value`);
    flags[name] = value;
  }
  return { command, flags, switches };
}

export function required(args: ParsedArgs, name: string): string {
  const value = args.flags[name];
  if (value === undefined || value === '') throw new UsageError(`--${name} is required`);
  return value;
}
