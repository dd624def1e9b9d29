import type { AcousticModel } from '../recognizer/acoustic-model.js';
import type { PromptVocabulary } from '../recognizer/grammar.js';
import { inflectionCandidates } from '../text/inflections.js';
import { HESITATIONS } from '../text/vocabulary.js';
import { sentencesOf, tokenize } from '../text/words.js';

/**
 * What the recogniser may hear in an answer about `refText` (recognizer/grammar.ts): its
 * sentences and words, the key points' words and their inflections, hesitations.
 */
export function promptVocabulary(
  model: AcousticModel,
  refText: string,
  keyWords: readonly string[],
): PromptVocabulary {
  const known = (word: string): boolean => model.lookup(word) !== null;
  const forms = new Map(
    keyWords.map((word) => [
      word,
      inflectionCandidates(word).filter((form) => form !== word && known(form)),
    ]),
  );
  const promptWords = [
    ...tokenize(refText),
    ...keyWords.map((word) => ({ display: word, spoken: [word] })),
  ];
  const seen = new Set<string>();
  return {
    sentences: sentencesOf(refText),
    promptWords: promptWords.filter((word) => {
      const key = word.spoken.join(' ');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
    forms,
    hesitations: HESITATIONS.filter(known),
  };
}
