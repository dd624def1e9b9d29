/** The value given after `name` on the command line ("--seconds 14"), if any. */
export function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** `--shard i/n`: the share of the cases this process takes, when given ("0/1" if bare). */
export function shardOption(): { index: number; count: number } | undefined {
  if (!process.argv.includes('--shard')) return undefined;
  const [index, count] = (option('--shard') ?? '0/1').split('/').map(Number);
  return { index: index ?? 0, count: count ?? 1 };
}
