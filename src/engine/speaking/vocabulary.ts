import { tokenize, type TextWord } from '../speech/lexicon.js';

/**
 * Frequent English function words. They give the free-speech grammar somewhere to put the
 * words around the keywords, so the decoder is not forced to hear a keyword in every sound.
 */
const FUNCTION_WORDS = `a about after all also an and any are as at be because been but by can could
did do does for from had has have he her here him his how i if in into is it its just like many
may more most much my no not now of on one only or other our out over said she so some such than
that the their them then there these they this those to too up us very was we were what when where
which while who will with would you your well so yeah um uh okay think see shows show picture image
lecture talks about speaker first second finally conclusion`;

const STOP_WORDS = new Set(FUNCTION_WORDS.split(/\s+/u));

export function functionWords(): TextWord[] {
  return tokenize(FUNCTION_WORDS);
}

/** Keywords as given, or else the reference text's content words (function words dropped). */
export function keywordsFor(refText: string, keywords: readonly string[] | undefined): TextWord[] {
  const given = (keywords ?? [])
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword !== '');
  if (given.length > 0) {
    return given.flatMap((keyword) => {
      const words = tokenize(keyword);
      return words.length > 0
        ? [{ display: keyword, spoken: words.flatMap((word) => word.spoken) }]
        : [];
    });
  }
  const seen = new Set<string>();
  return tokenize(refText).filter((word) => {
    const key = word.spoken.join(' ');
    if (STOP_WORDS.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Free-speech vocabulary: keywords, the reference text's words and the function words. */
export function freeSpeechVocabulary(refText: string, keywords: readonly TextWord[]): TextWord[] {
  const seen = new Set<string>();
  return [...keywords, ...tokenize(refText), ...functionWords()].filter((word) => {
    const key = word.spoken.join(' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
