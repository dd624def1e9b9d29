import {
  APP_API,
  type AppMethod,
  type ApiFailure,
  type MethodOutput,
} from '../../shared/app-api.js';
import type { z } from 'zod';
import { UserFacingError } from '../errors/user-facing-error.js';

export type ApiHandlers = {
  [M in AppMethod]: (
    input: z.output<(typeof APP_API)[M]['input']>,
  ) => Promise<MethodOutput<M>> | MethodOutput<M>;
};

export function isAppMethod(name: string): name is AppMethod {
  return Object.hasOwn(APP_API, name);
}

/** Validates the input, runs the handler, validates the output: both hosts call only this. */
export async function dispatch(
  handlers: ApiHandlers,
  method: string,
  rawInput: unknown,
): Promise<unknown> {
  if (!isAppMethod(method)) throw new UserFacingError(`Unknown action "${method}".`);
  const spec = APP_API[method];
  const parsed = spec.input.safeParse(rawInput ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    throw new UserFacingError(issue?.message ?? 'Invalid input.', field ? `field: ${field}` : null);
  }
  const handler = handlers[method] as (input: unknown) => unknown;
  const output = await handler(parsed.data);
  return spec.output.parse(output);
}

/** What the renderer is told: never a stack trace, which stays in the main-process log. */
export function toApiFailure(error: unknown): ApiFailure {
  if (error instanceof UserFacingError) return { message: error.message, detail: error.detail };
  return { message: 'Something went wrong. The details are in the log.', detail: null };
}
