/** The value given after `name` on the command line ("--seconds 14"), if any. */
export function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** The cases whose position modulo `count` is `index`: one process's share. */
export interface Shard {
  index: number;
  count: number;
}

/** Every case, in one process. */
export const WHOLE: Shard = { index: 0, count: 1 };

/** `--shard i/n`: the share of the cases this process takes, when given ("0/1" if bare). */
export function shardOption(): Shard | undefined {
  if (!process.argv.includes('--shard')) return undefined;
  const [index, count] = (option('--shard') ?? '0/1').split('/').map(Number);
  return { index: index ?? 0, count: count ?? 1 };
}
