/** The value given after `name` on the command line ("--seconds 14"), if any. */
export function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}
