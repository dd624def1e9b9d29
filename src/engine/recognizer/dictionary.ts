import { guessPronunciation } from '../text/g2p.js';
import type { AcousticModel } from './acoustic-model.js';

/** Phones of a dictionary word, e.g. "to(2)" → T AH. */
export function pronunciation(model: AcousticModel, word: string): string[] {
  return (model.lookup(word) ?? '').split(' ').filter((phone) => phone !== '');
}

/** Adds rule-based pronunciations for words the CMU dictionary lacks; returns those added. */
export function ensureInDictionary(model: AcousticModel, words: Iterable<string>): string[] {
  const added: string[] = [];
  for (const word of new Set(words)) {
    if (model.lookup(word) !== null) continue;
    model.addWords([word, guessPronunciation(word).join(' ')]);
    added.push(word);
  }
  return added;
}

/** The word of a dictionary entry: "to(2)" → "to". */
export function baseWord(entry: string): string {
  return entry.replace(/\(\d+\)$/u, '');
}
