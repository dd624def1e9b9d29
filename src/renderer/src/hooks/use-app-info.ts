import { createContext, useContext } from 'react';
import type { AppInfo } from '../../../shared/app-api';

export const AppInfoContext = createContext<AppInfo | null>(null);

/** app.info, loaded once by the shell: the host decides how exports reach the examiner. */
export function useAppInfo(): AppInfo | null {
  return useContext(AppInfoContext);
}
