import type { z } from 'zod';
import { ScoringError } from '../shared/contract/errors.js';

function valueAt(body: object, path: PropertyKey[]): unknown {
  let value: unknown = body;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function describe(issue: z.core.$ZodIssue, body: object): string {
  const field = issue.path.join('.');
  if (issue.path.length > 0 && valueAt(body, issue.path) === undefined) {
    return `${field} is required`;
  }
  return issue.message;
}

/** The body as the route's schema reads it, or INVALID_PARAMETER naming the first bad field. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === undefined || body === null) {
    throw new ScoringError('INVALID_JSON', 'request body is empty; send a JSON object');
  }
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new ScoringError('INVALID_PARAMETER', 'request body must be a JSON object');
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0] as z.core.$ZodIssue;
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : null;
  throw new ScoringError('INVALID_PARAMETER', describe(issue, body), field);
}

/** The contract's bodies nest two levels deep; this leaves ample room and bounds the parser's work. */
export const MAX_JSON_DEPTH = 32;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The index of the quote that closes the string opened just before `from`, or -1. */
function stringEnd(text: string, from: number): number {
  for (let quote = text.indexOf('"', from); quote >= 0; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
  return -1;
}

/**
 * Whether JSON text nests objects and arrays deeper than `maxDepth`, found by one pass over the
 * text that stops at the first level too deep: a 32 MB body of `[[[…` is refused in
 * milliseconds, before any parser builds it. Strings are skipped with indexOf, so a body that is
 * mostly one long data: URL costs a fraction of parsing it.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      const end = stringEnd(text, i + 1);
      if (end < 0) return false; // unterminated: the parser will say the JSON is invalid
      i = end;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}
