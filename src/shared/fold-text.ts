/** Letters that Unicode does not decompose into a base letter and a mark. */
const LETTERS: Record<string, string> = {
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ħ: 'h',
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
};

/**
 * Text as search compares it: accents and case ignored, so that "zoe" finds "Zoë",
 * "sao paulo" finds "São Paulo" and "lodz" finds "Łódź". The main process's SQL and the
 * renderer share it.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/[øłđħıßæœþ]/gu, (letter) => LETTERS[letter] ?? letter)
    .trim();
}
