import { APP_ENTRY_URL, type RendererSource } from './app-url.js';

export interface RendererSourceInputs {
  /** True only in a development build (`electron-vite dev`), decided when the code is built. */
  devBuild: boolean;
  /** `app.isPackaged`: an installed app never loads a dev server. */
  packaged: boolean;
  /** `ELECTRON_RENDERER_URL`, which electron-vite's dev server sets. */
  devServerUrl: string | undefined;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopbackHttp(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname);
  } catch {
    return false;
  }
}

/**
 * The page the window shows and trusts with the app API. `ELECTRON_RENDERER_URL` is obeyed
 * only by a development build that is not packaged, and only for a loopback http server: a
 * production build ignores the variable, so nobody can point the app at a page of theirs.
 */
export function rendererSource(inputs: RendererSourceInputs): RendererSource {
  const { devBuild, packaged, devServerUrl } = inputs;
  if (devBuild && !packaged && devServerUrl && isLoopbackHttp(devServerUrl)) {
    return { kind: 'dev-server', url: devServerUrl };
  }
  return { kind: 'protocol', url: APP_ENTRY_URL };
}
