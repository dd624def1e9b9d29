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
  // Not after e: "need", "speed" and "indeed" are base words far more often than "freed" is a past.
  [/([^e])ed$/u, '$1'],
];

/** Words this short are their own stem: "one" is not "on", nor "bye" "by". */
const SHORTEST_STEMMED = 4;

/**
 * A crude stem: the same for a word and its regular inflections ("changes", "changing"). A
 * word still ending in -ing or -ed once stripped is stripped again, so a plural of one
 * ("buildings", "hundreds") stems as the word does. A final e is dropped ("making", "make")
 * unless it closes a double e: "bees" is not "be", nor "trees" "tre".
 */
export function stemOf(word: string): string {
  const lower = word.toLowerCase();
  if (lower.length < SHORTEST_STEMMED) return lower;
  const once = stripped(lower);
  const stem = once !== lower && /(ing|ed)$/u.test(once) ? stripped(once) : once;
  return stem.replace(/([^e])e$/u, '$1');
}

/** The word without its inflection's suffix, if one leaves at least two letters. */
function stripped(word: string): string {
  if (word.length < SHORTEST_STEMMED) return word;
  for (const [pattern, replacement] of SUFFIXES) {
    if (!pattern.test(word)) continue;
    const stem = word.replace(pattern, replacement);
    if (stem.length >= 2) return stem;
  }
  return word;
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
