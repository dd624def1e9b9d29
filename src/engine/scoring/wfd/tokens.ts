import { spellNumber } from '../../text/numbers.js';
import { americanSpelling } from './spelling.js';
import { normaliseText } from './text.js';

/**
 * A written word as the scorer compares it. `parts` are its comparison keys: lower case,
 * no punctuation or accents except the apostrophe (which is spelling), hyphenated pieces
 * apart, digits spelled out, American spelling. "Well-known" → [well, known];
 * "21st" → [twenty, first]; "Colour," → [color]; "It's" → [it's].
 * The boundaries between a token's parts (a hyphen, or inside a number) may be written as
 * a hyphen, a space or nothing; a space between two tokens is part of the spelling.
 */
export interface Token {
  /** As written, without the punctuation around it. */
  display: string;
  parts: readonly Part[];
}

export interface Part {
  key: string;
  /** Folded as written, before American spelling: tells an accepted variant from the same word. */
  spelled: string;
  /** The piece of the written word this key came from, for notes. */
  display: string;
}

const SEPARATORS = /[\s\u2012-\u2015\u2212/]+/u;
const LEADING = /^[^\p{L}\p{N}]+/u;
const TRAILING = /[^\p{L}\p{N}]+$/u;
const DECIMAL = /^\d+\.\d+$/u;
const APOSTROPHE = "'";

function foldLetters(piece: string): string {
  return piece
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}.,']/gu, '');
}

/** "colour's" → "color's": the variant rules see the word before its apostrophe. */
function americanKey(word: string): string {
  const apostrophe = word.indexOf(APOSTROPHE);
  if (apostrophe <= 0) return americanSpelling(word);
  return americanSpelling(word.slice(0, apostrophe)) + word.slice(apostrophe);
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
  if (DECIMAL.test(folded)) return [{ key: folded, spelled: folded, display: piece }];
  const spelled = spellNumber(folded);
  if (spelled) return spelled.map((key) => ({ key, spelled: key, display: piece }));
  const word = folded.replace(/[.,]/gu, '').replace(/^'+$/u, '');
  return word === '' ? [] : [{ key: americanKey(word), spelled: word, display: piece }];
}

/**
 * The word without the punctuation around it. A closing apostrophe after an "s" is the
 * plural possessive ("students'") and stays, unless the word opened with a quote mark.
 */
function displayOf(raw: string): string {
  const leading = LEADING.exec(raw)?.[0] ?? '';
  const trailing = TRAILING.exec(raw)?.[0] ?? '';
  const core = raw.slice(leading.length, raw.length - trailing.length);
  const possessive =
    !leading.includes(APOSTROPHE) && /s$/iu.test(core) && trailing.startsWith(APOSTROPHE);
  return possessive ? core + APOSTROPHE : core;
}

function toToken(raw: string): Token {
  const display = displayOf(raw);
  const pieces = display.split('-');
  const parts = pieces.flatMap((piece, index) =>
    // The possessive apostrophe belongs to the last piece only: "mother-in-laws'".
    cachedPartsOfPiece(index === pieces.length - 1 ? piece : piece.replace(/'+$/u, '')),
  );
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

/** The word as folded and written, before American spelling. */
export function spelledKey(token: Token): string {
  return token.parts.map((part) => part.spelled).join('');
}
