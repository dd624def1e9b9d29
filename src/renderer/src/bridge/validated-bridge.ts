import {
  APP_API,
  APP_EVENTS,
  type AppEvent,
  type AppMethod,
  type EventPayload,
  type ExaminerBridge,
  type MethodInput,
  type MethodOutput,
} from '../../../shared/app-api';
import { BridgeError, toBridgeError } from './bridge-error';
import type { Transport } from './transport';

/** Checks inputs before they leave and outputs and events when they arrive, with APP_API. */
export function createValidatedBridge(transport: Transport): ExaminerBridge {
  return {
    async call<M extends AppMethod>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
      const spec = APP_API[method];
      const parsedInput = spec.input.safeParse(input);
      if (!parsedInput.success) {
        throw new BridgeError(parsedInput.error.issues[0]?.message ?? 'Invalid input.');
      }
      const output = await transport.call(method, parsedInput.data).catch((reason: unknown) => {
        throw toBridgeError(reason);
      });
      const parsedOutput = spec.output.safeParse(output);
      if (!parsedOutput.success) {
        throw new BridgeError('Examiner sent an answer this window cannot read.', method);
      }
      return parsedOutput.data as MethodOutput<M>;
    },
    on<E extends AppEvent>(event: E, listener: (payload: EventPayload<E>) => void) {
      return transport.on(event, (payload) => {
        const parsed = APP_EVENTS[event].safeParse(payload);
        if (parsed.success) listener(parsed.data as EventPayload<E>);
      });
    },
  };
}
