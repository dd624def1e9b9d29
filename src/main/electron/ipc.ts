import { ipcMain, type WebContents } from 'electron';
import { IPC_CHANNELS } from '../../shared/host-channels.js';
import { toApiFailure } from '../core/api-dispatch.js';
import type { AppCore } from '../core/app-core.js';
import { isTrustedSender } from './ipc-sender.js';

/** Carries renderer calls to AppCore; failures travel as the ApiFailure shape, without stacks. */
export function handleCalls(core: AppCore, isAppUrl: (url: string) => boolean): void {
  ipcMain.handle(IPC_CHANNELS.call, async (event, method: unknown, input: unknown) => {
    if (!isTrustedSender(event.senderFrame, isAppUrl) || typeof method !== 'string') {
      return {
        ok: false,
        error: { message: 'Refused a call from outside the app.', detail: null },
      };
    }
    try {
      return { ok: true, value: await core.dispatch(method, input) };
    } catch (error) {
      return { ok: false, error: toApiFailure(error) };
    }
  });
}

/** Sends every AppCore event to the given window's renderer. */
export function forwardEvents(core: AppCore, contents: WebContents): () => void {
  return core.subscribe((event, payload) => {
    if (!contents.isDestroyed()) contents.send(IPC_CHANNELS.event, event, payload);
  });
}
