import type { ExaminerBridge } from '../../../shared/app-api';
import { createHttpTransport } from './http-transport';
import type { Transport } from './transport';
import { createValidatedBridge } from './validated-bridge';

export { BridgeError } from './bridge-error';

declare global {
  interface Window {
    /** Set by Electron's preload; absent in the browser host. */
    examiner?: ExaminerBridge;
  }
}

function pickTransport(): Transport {
  // The preload's object is typed as the bridge but carries unchecked data, so it is
  // treated as a plain transport and validated here like the HTTP one.
  if (window.examiner) return window.examiner as unknown as Transport;
  return createHttpTransport();
}

export const api: ExaminerBridge = createValidatedBridge(pickTransport());
