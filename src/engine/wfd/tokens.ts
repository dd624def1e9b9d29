import { spellNumber } from '../text/numbers.js';
import { americanSpelling } from './spelling.js';
import { normaliseText } from './text.js';

/**
 * A written word as the scorer compares it. `parts` are its comparison keys: lower case,
 * no punctuation or accents, hyphenated pieces apart, digits spelled out, American
 * spelling. "Well-known" → [well, known]; "21st" → [twenty, first]; "Colour," → [color].
 */
export interface Token {
  /** As written, without the punctuation around it. */
  display: string;
  parts: readonly Part[];
}

export interface Part {
  key: string;
  /** The piece of the written word this key came from, for notes. */
  display: string;
}

const SEPARATORS = /[\s\u2012-\u2015\u2212/]+/u;
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const DECIMAL = /^\d+\.\d+$/u;

function foldLetters(piece: string): string {
  return piece
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}.,]/gu, '');
}

/** Learners of one item type the same few hundred words: their parts are worth keeping. */
const PIECE_CACHE = new Map<string, readonly Part[]>();
const PIECE_CACHE_LIMIT = 20_000;

function cachedPartsOfPiece(piece: string): readonly Part[] {
  let parts = PIECE_CACHE.get(piece);
  if (parts === undefined) {
    if (PIECE_CACHE.size >= PIECE_CACHE_LIMIT) PIECE_CACHE.clear();
    parts = partsOfPiece(piece);
    PIECE_CACHE.set(piece, parts);
  }
  return parts;
}

function partsOfPiece(piece: string): Part[] {
  const folded = foldLetters(piece);
  if (DECIMAL.test(folded)) return [{ key: folded, display: piece }];
  const spelled = spellNumber(folded);
  if (spelled) return spelled.map((key) => ({ key, display: piece }));
  const key = folded.replace(/[.,]/gu, '');
  return key === '' ? [] : [{ key: americanSpelling(key), display: piece }];
}

function toToken(raw: string): Token {
  const display = raw.replace(EDGE_PUNCTUATION, '');
  const parts = display.split('-').flatMap((piece) => cachedPartsOfPiece(piece));
  return { display, parts };
}

/** The words of a text; tokens that are punctuation only are dropped. */
export function tokenise(text: string): Token[] {
  return normaliseText(text)
    .split(SEPARATORS)
    .map(toToken)
    .filter((token) => token.parts.length > 0);
}

/** The key a whole reference word must be matched by: its parts run together. */
export function wordKey(token: Token): string {
  return token.parts.map((part) => part.key).join('');
}
