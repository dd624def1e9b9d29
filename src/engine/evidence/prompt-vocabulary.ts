import type { AcousticModel } from '../recognizer/acoustic-model.js';
import type { PromptVocabulary } from '../recognizer/grammar.js';
import { inflectionCandidates } from '../text/inflections.js';
import { HESITATIONS } from '../text/vocabulary.js';
import { sentencesOf } from '../text/words.js';

/**
 * What the recogniser may hear in an answer about `refText` (recognizer/grammar.ts): its
 * sentences, the key points in the ways they may be said and their inflections, hesitations.
 */
export function promptVocabulary(
  model: AcousticModel,
  refText: string,
  keyPhrases: readonly (readonly (readonly string[])[])[],
): PromptVocabulary {
  const keyWords = [...new Set(keyPhrases.flat(2))];
  const known = (word: string): boolean => model.lookup(word) !== null;
  const forms = new Map(
    keyWords.map((word) => [
      word,
      inflectionCandidates(word).filter((form) => form !== word && known(form)),
    ]),
  );
  return {
    sentences: sentencesOf(refText),
    keyPhrases,
    forms,
    hesitations: HESITATIONS.filter(known),
  };
}
