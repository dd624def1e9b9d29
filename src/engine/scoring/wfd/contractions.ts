/**
 * English contractions and what they stand for, in the scorer's keys (lower case, straight
 * apostrophe). One table serves both directions: "It's" written out as "it is", and
 * "it is" squeezed into "it's". Neither earns the point; the notes name what happened.
 */
const NOT_CONTRACTIONS: Record<string, string[][]> = {
  "aren't": [['are', 'not']],
  "can't": [['cannot'], ['can', 'not']],
  "couldn't": [['could', 'not']],
  "daren't": [['dare', 'not']],
  "didn't": [['did', 'not']],
  "doesn't": [['does', 'not']],
  "don't": [['do', 'not']],
  "hadn't": [['had', 'not']],
  "hasn't": [['has', 'not']],
  "haven't": [['have', 'not']],
  "isn't": [['is', 'not']],
  "mightn't": [['might', 'not']],
  "mustn't": [['must', 'not']],
  "needn't": [['need', 'not']],
  "shan't": [['shall', 'not']],
  "shouldn't": [['should', 'not']],
  "wasn't": [['was', 'not']],
  "weren't": [['were', 'not']],
  "won't": [['will', 'not']],
  "wouldn't": [['would', 'not']],
  "let's": [['let', 'us']],
};

/** Which words each ending attaches to, and what it stands for. */
const ENDINGS: ReadonlyArray<{ ending: string; words: string[]; stands: string[] }> = [
  { ending: "'m", words: ['i'], stands: ['am'] },
  { ending: "'re", words: ['you', 'we', 'they', 'who', 'what'], stands: ['are'] },
  {
    ending: "'ve",
    words: ['i', 'you', 'we', 'they', 'who', 'could', 'would', 'should', 'might', 'must'],
    stands: ['have'],
  },
  {
    ending: "'ll",
    words: ['i', 'you', 'he', 'she', 'it', 'we', 'they', 'there', 'that', 'who', 'what'],
    stands: ['will'],
  },
  {
    ending: "'d",
    words: ['i', 'you', 'he', 'she', 'it', 'we', 'they', 'there', 'that', 'who'],
    stands: ['would', 'had'],
  },
  {
    ending: "'s",
    words: ['he', 'she', 'it', 'there', 'here', 'that', 'what', 'who', 'where', 'when', 'how'],
    stands: ['is', 'has'],
  },
];

function buildTable(): Map<string, string[][]> {
  const table = new Map(Object.entries(NOT_CONTRACTIONS));
  for (const { ending, words, stands } of ENDINGS) {
    for (const word of words)
      table.set(
        word + ending,
        stands.map((verb) => [word, verb]),
      );
  }
  return table;
}

const EXPANSIONS = buildTable();
const CONTRACTIONS = new Map<string, string[]>();
for (const [contraction, expansions] of EXPANSIONS) {
  for (const expansion of expansions) {
    const key = expansion.join(' ');
    CONTRACTIONS.set(key, [...(CONTRACTIONS.get(key) ?? []), contraction]);
  }
}

/** "it's" → [[it, is], [it, has]]; a word that is no contraction → []. */
export function expansionsOf(key: string): readonly string[][] {
  return EXPANSIONS.get(key) ?? [];
}

/** [it, is] → ["it's"]; words no contraction stands for → []. */
export function contractionsOf(words: readonly string[]): readonly string[] {
  return CONTRACTIONS.get(words.join(' ')) ?? [];
}

/** A word that is a contraction is a real word, though no word list holds it. */
export function isContraction(key: string): boolean {
  return EXPANSIONS.has(key);
}
