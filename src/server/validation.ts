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
