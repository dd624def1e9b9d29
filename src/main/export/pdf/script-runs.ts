import * as fontkit from 'fontkit';
import { FONT_FACES, type FaceName } from './font-files.js';

export interface TextRun {
  text: string;
  face: FaceName;
}

const HAN = /\p{Script=Han}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;

/** The faces a letter of each script is looked for in, in order; anything else starts at body. */
const SCRIPT_FACES: [RegExp, FaceName[]][] = [
  [/\p{Script=Thai}/u, ['thai']],
  [/\p{Script=Devanagari}/u, ['devanagari']],
  [/\p{Script=Arabic}/u, ['arabic']],
  [KANA, ['japanese']],
  [HANGUL, ['korean']],
];
const ALL_FACES = Object.keys(FONT_FACES) as FaceName[];
/** Spaces, punctuation, digits, joiners: they stay in the run around them when its face has them. */
const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;

/**
 * Splits a text into runs that each one face can draw, choosing per script: Chinese
 * characters in the Chinese face, unless the text also holds kana (Japanese) or Hangul
 * (Korean), whose faces draw those characters the way their readers write them.
 */
export function scriptRuns(text: string): TextRun[] {
  const han = hanFaces(text);
  const runs: TextRun[] = [];
  for (const char of text) {
    const current = runs.at(-1);
    const face = faceFor(char, han, current?.face);
    if (current && current.face === face) current.text += char;
    else runs.push({ text: char, face });
  }
  return trailingSpacesOutOfRightToLeft(runs);
}

/**
 * A right-to-left run is drawn reversed: spaces or punctuation at its end ("الزهراء. ") would
 * land at its start. In our left-to-right lines they belong after it, as the bidirectional
 * algorithm places them, so they become a run of their own.
 */
function trailingSpacesOutOfRightToLeft(runs: TextRun[]): TextRun[] {
  return runs.flatMap((run) => {
    const tail = run.face === 'arabic' ? (/[\s\p{P}]+$/u.exec(run.text)?.[0] ?? '') : '';
    if (!tail || tail === run.text) return [run];
    const face = [...tail].every((char) => hasGlyph('body', char)) ? 'body' : run.face;
    return [
      { text: run.text.slice(0, -tail.length), face: run.face },
      { text: tail, face },
    ];
  });
}

/** Whether the body face alone draws the whole text (the common case, left untouched). */
export function bodyDrawsAll(text: string): boolean {
  // DejaVu has Arabic letters too, but Noto Naskh shapes them as a reader expects.
  if (HAN.test(text) || SCRIPT_FACES.some(([re]) => re.test(text))) return false;
  for (const char of text) if (!hasGlyph('body', char)) return false;
  return true;
}

function hanFaces(text: string): FaceName[] {
  if (KANA.test(text)) return ['japanese', 'chinese', 'korean'];
  if (HANGUL.test(text)) return ['korean', 'chinese', 'japanese'];
  return ['chinese', 'japanese', 'korean'];
}

function faceFor(char: string, han: FaceName[], current: FaceName | undefined): FaceName {
  if (current && SHARED.test(char) && hasGlyph(current, char)) return current;
  const preferred = HAN.test(char) ? han : (SCRIPT_FACES.find(([re]) => re.test(char))?.[1] ?? []);
  const candidates = [...preferred, ...ALL_FACES.filter((face) => !preferred.includes(face))];
  return candidates.find((face) => hasGlyph(face, char)) ?? 'body';
}

const opened = new Map<FaceName, fontkit.Font>();

function hasGlyph(face: FaceName, char: string): boolean {
  let font = opened.get(face);
  if (!font) {
    font = fontkit.openSync(FONT_FACES[face].regular) as fontkit.Font;
    opened.set(face, font);
  }
  return font.hasGlyphForCodePoint(char.codePointAt(0) as number);
}
