/**
 * Text as search compares it: accents and case ignored, so that "zoe" finds "Zoë" and
 * "sao paulo" finds "São Paulo". The main process's SQL and the renderer's lists share it.
 */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en').trim();
}
