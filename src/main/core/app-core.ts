import type { AppEvent, EventPayload } from '../../shared/app-api.js';
import type { EngineLauncher } from '../engine-process/engine-child.js';
import type { SecretStore } from '../secrets/secret-store.js';

/**
 * Everything the main process does, independent of the host that carries it to the
 * renderer. The Electron glue and the browser host both build one and only forward to it.
 */
export interface AppCore {
  dispatch(method: string, input: unknown): Promise<unknown>;
  subscribe(listener: AppEventListener): () => void;
  close(): Promise<void>;
}

export type AppEventListener = <E extends AppEvent>(event: E, payload: EventPayload<E>) => void;

export interface HostOptions {
  host: 'electron' | 'browser';
  appVersion: string;
  dataDir: string;
  secretStore: SecretStore;
  /** How to start the embedded scoring server as a child process. */
  serverEntry: { modulePath: string; execArgv: string[]; launcher?: EngineLauncher };
}
