/**
 * Typing-level normalisation shared by the reference and the answer: what a keyboard,
 * a phone or a word processor may insert without the learner meaning anything by it.
 */
const QUOTES: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u2032': "'",
  '\u02BC': "'",
  '\u00B4': "'",
  '`': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u201F': '"',
  '\u2033': '"',
  '\u00AB': '"',
  '\u00BB': '"',
};
const QUOTE_PATTERN = new RegExp(`[${Object.keys(QUOTES).join('')}]`, 'gu');
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/gu;
const NON_BREAKING_HYPHENS = /[\u2010\u2011]/gu;

/** NFKC, straight quotes, no invisible characters, single spaces: the answer as shown back. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(QUOTE_PATTERN, (quote) => QUOTES[quote] ?? quote)
    .replace(INVISIBLE, '')
    .replace(NON_BREAKING_HYPHENS, '-')
    .replace(/\s+/gu, ' ')
    .trim();
}

const AUDIO_REFERENCE = /^\s*(?:https?|data|file):/iu;

/** The spec describes `question` as an audio URL; this engine takes the sentence as text. */
export function looksLikeUrl(text: string): boolean {
  return AUDIO_REFERENCE.test(text);
}
