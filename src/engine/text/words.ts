import { guessPronunciation } from './g2p.js';
import type { SpeechModel } from '../recognizer/soundswallower/adapter.js';
import { spellNumber } from './numbers.js';

/** A word of the reference text: as written, and the dictionary words a speaker says for it. */
export interface TextWord {
  display: string;
  spoken: string[];
}

export function tokenize(text: string): TextWord[] {
  return text
    .split(/[\s\u2014\u2013]+|(?<=\w)-(?=\w)/u)
    .map((token) => token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((token) => token !== '')
    .map((display) => ({ display, spoken: spokenForm(display) }))
    .filter((word) => word.spoken.length > 0);
}

function spokenForm(token: string): string[] {
  const spelled = spellNumber(token);
  if (spelled) return spelled;
  const word = token
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u2018\u2019]/gu, "'")
    .replace(/[^a-z0-9']/gu, '');
  return word.replace(/'/gu, '') === '' ? [] : [word];
}

/** Phones of a dictionary word, e.g. "to(2)" → T AH. */
export function pronunciation(model: SpeechModel, word: string): string[] {
  return (model.decoder.lookup_word(word) ?? '').split(' ').filter((phone) => phone !== '');
}

/** Adds rule-based pronunciations for words the CMU dictionary lacks; returns those added. */
export function ensureInDictionary(model: SpeechModel, words: Iterable<string>): string[] {
  const added: string[] = [];
  for (const word of new Set(words)) {
    if (model.decoder.lookup_word(word) !== null) continue;
    model.decoder.add_words([word, guessPronunciation(word).join(' ')]);
    added.push(word);
  }
  return added;
}
