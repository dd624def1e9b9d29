import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { BRIDGE_GLOBAL, IPC_CHANNELS } from '../shared/host-channels.js';

/**
 * The renderer's only door to the main process. It carries calls and events verbatim;
 * validation happens in main (dispatch) and in the renderer's bridge client.
 */
type CallReply = { ok: true; value: unknown } | { ok: false; error: unknown };

async function call(method: string, input: unknown): Promise<unknown> {
  const reply = (await ipcRenderer.invoke(IPC_CHANNELS.call, method, input)) as CallReply;
  // A plain object crosses the context bridge intact, unlike an Error's extra fields.
  if (!reply.ok) return Promise.reject(reply.error);
  return reply.value;
}

function on(event: string, listener: (payload: unknown) => void): () => void {
  const handler = (_sender: IpcRendererEvent, name: string, payload: unknown) => {
    if (name === event) listener(payload);
  };
  ipcRenderer.on(IPC_CHANNELS.event, handler);
  return () => {
    ipcRenderer.removeListener(IPC_CHANNELS.event, handler);
  };
}

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, { call, on });
