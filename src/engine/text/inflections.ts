/**
 * Regular English inflections, enough to hear a key point said in another form: plural and
 * third person (-s, -es, -ies), past (-ed, -d, -ied) and -ing, with a doubled final consonant
 * ("running") or a dropped final e ("making"). Irregular forms are not matched.
 */

const SUFFIXES: Array<[RegExp, string]> = [
  [/ies$/u, 'y'],
  [/ied$/u, 'y'],
  [/(ss|x|z|ch|sh)es$/u, '$1'],
  [/([^s])s$/u, '$1'],
  [/([bdfgklmnprtvz])\1(ing|ed)$/u, '$1'],
  [/ing$/u, ''],
  [/ed$/u, ''],
];

/** A crude stem: the same for a word and its regular inflections ("changes", "changing"). */
export function stemOf(word: string): string {
  const lower = word.toLowerCase();
  if (lower.length <= 3) return lower;
  for (const [pattern, replacement] of SUFFIXES) {
    if (!pattern.test(lower)) continue;
    const stem = lower.replace(pattern, replacement);
    if (stem.length >= 2) return stem.replace(/e$/u, '');
  }
  return lower.replace(/e$/u, '');
}

export function sameStem(a: string, b: string): boolean {
  return a === b || stemOf(a) === stemOf(b);
}

/** Spellings that may be forms of `word`; the caller keeps those its dictionary knows. */
export function inflectionCandidates(word: string): string[] {
  const lower = word.toLowerCase();
  const stem = stemOf(lower);
  // An inflected key word ("floods") brings its base forms; a base form brings only suffixes.
  const inflected = stem !== lower && `${stem}e` !== lower;
  const bases = inflected ? [lower, stem, `${stem}e`, `${stem}y`] : [lower];
  const forms = bases.flatMap((base) => [
    base,
    `${base}s`,
    `${base}es`,
    `${base}ed`,
    `${base}d`,
    `${base}ing`,
    `${base.replace(/e$/u, '')}ing`,
    `${base.replace(/y$/u, '')}ies`,
    `${base.replace(/y$/u, '')}ied`,
    `${base}${base.at(-1) ?? ''}ing`,
    `${base}${base.at(-1) ?? ''}ed`,
  ]);
  return [...new Set(forms)].filter((form) => sameStem(form, lower));
}
