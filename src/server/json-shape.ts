import { ScoringError } from '../shared/contract/errors.js';

/** The contract's bodies nest two levels deep; this leaves ample room and bounds the parser's work. */
export const MAX_JSON_DEPTH = 32;

/**
 * Objects, arrays and the values listed in them. The largest body the contract accepts lists
 * about a thousand typed words (`responseUser` of 2000 characters); a body of millions of `{}`
 * is refused after the first ten thousand, long before the parser would build them.
 */
export const MAX_JSON_VALUES = 10_000;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export function tooDeep(): ScoringError {
  return new ScoringError(
    'INVALID_JSON',
    `request body nests deeper than ${MAX_JSON_DEPTH} levels`,
  );
}

export function tooWide(): ScoringError {
  return new ScoringError(
    'PAYLOAD_TOO_LARGE',
    `request body holds more than ${MAX_JSON_VALUES} JSON values`,
  );
}

/**
 * Reads JSON text chunk by chunk as it arrives and says, at the first chunk that shows it, that
 * the body nests too deep or lists too many values. It only counts brackets and commas outside
 * strings: strings are skipped with indexOf, so a body that is mostly one long data: URL costs
 * a fraction of parsing it. Whether the text is valid JSON is left to the parser.
 */
export class JsonShapeGuard {
  private depth = 0;
  private values = 0;
  private inString = false;
  /** The last chunk ended inside a string on a backslash that escapes the next byte. */
  private escapeNext = false;

  /** The refusal the body has earned so far, or null. */
  push(chunk: Uint8Array): ScoringError | null {
    let i = 0;
    while (i < chunk.length) {
      if (this.inString) {
        i = this.skipString(chunk, i);
        continue;
      }
      const code = chunk[i++];
      if (code === QUOTE) {
        this.inString = true;
      } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
        if (++this.depth > MAX_JSON_DEPTH) return tooDeep();
        if (++this.values > MAX_JSON_VALUES) return tooWide();
      } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        this.depth--;
      } else if (code === COMMA && ++this.values > MAX_JSON_VALUES) {
        return tooWide();
      }
    }
    return null;
  }

  /** Where reading resumes: after the string's closing quote, or at the chunk's end. */
  private skipString(chunk: Uint8Array, from: number): number {
    let start = from;
    if (this.escapeNext) {
      this.escapeNext = false;
      start++;
    }
    for (let quote = chunk.indexOf(QUOTE, start); ; quote = chunk.indexOf(QUOTE, quote + 1)) {
      if (quote < 0) {
        this.escapeNext = backslashesBefore(chunk, chunk.length, start) % 2 === 1;
        return chunk.length;
      }
      if (backslashesBefore(chunk, quote, start) % 2 === 0) {
        this.inString = false;
        return quote + 1;
      }
    }
  }
}

/** The run of backslashes just before `end`, not looking back past `floor`. */
function backslashesBefore(chunk: Uint8Array, end: number, floor: number): number {
  let count = 0;
  while (end - 1 - count >= floor && chunk[end - 1 - count] === BACKSLASH) count++;
  return count;
}
