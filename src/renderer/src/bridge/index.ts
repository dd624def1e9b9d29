import type { ExaminerBridge } from '../../../shared/app-api';
import { BRIDGE_GLOBAL } from '../../../shared/host-channels';
import { createHttpTransport } from './http-transport';
import type { Transport } from './transport';
import { createValidatedBridge } from './validated-bridge';

export { BridgeError } from './bridge-error';

declare global {
  interface Window {
    /** Set by Electron's preload; absent in the browser host. */
    [BRIDGE_GLOBAL]?: ExaminerBridge;
  }
}

function pickTransport(): Transport {
  // The preload's object is typed as the bridge but carries unchecked data, so it is
  // treated as a plain transport and validated here like the HTTP one.
  const preloaded = window[BRIDGE_GLOBAL];
  if (preloaded) return preloaded as unknown as Transport;
  return createHttpTransport();
}

export const api: ExaminerBridge = createValidatedBridge(pickTransport());
