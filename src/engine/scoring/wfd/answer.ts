import type { Token } from './tokens.js';

/** One comparison key of the answer, in order; neighbours in the array are adjacent. */
export interface Atom {
  key: string;
  spelled: string;
  display: string;
  token: number;
  used: boolean;
}

export function addTo<K, V>(groups: Map<K, V[]>, key: K, value: V): void {
  const group = groups.get(key);
  if (group) group.push(value);
  else groups.set(key, [value]);
}

export class Answer {
  readonly atoms: Atom[];
  private readonly byKey = new Map<string, number[]>();

  constructor(readonly tokens: Token[]) {
    this.atoms = tokens.flatMap((token, index) =>
      token.parts.map((part) => ({ ...part, token: index, used: false })),
    );
    this.atoms.forEach((atom, index) => addTo(this.byKey, atom.key, index));
  }

  /** Unused atoms with this key, in answer order. */
  unused(key: string): number[] {
    return (this.byKey.get(key) ?? []).filter((index) => !this.atoms[index]!.used);
  }

  isFree(index: number): boolean {
    const atom = this.atoms[index];
    return atom !== undefined && !atom.used;
  }

  take(indices: readonly number[]): string {
    indices.forEach((index) => (this.atoms[index]!.used = true));
    return this.text(indices);
  }

  /** The written words behind these atoms, as typed. */
  text(indices: readonly number[]): string {
    const tokens = [...new Set(indices.map((index) => this.atoms[index]!.token))];
    return tokens.map((token) => this.tokens[token]!.display).join(' ');
  }

  /** Answer words none of whose atoms were used. */
  extras(): string[] {
    const used = new Set(this.atoms.filter((atom) => atom.used).map((atom) => atom.token));
    return this.tokens.filter((_, index) => !used.has(index)).map((token) => token.display);
  }
}
