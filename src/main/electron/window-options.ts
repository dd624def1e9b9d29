import type { WebPreferences } from 'electron';

/**
 * The window's web preferences, each set explicitly even where it is Electron's default, so
 * that the security review can read them in one place.
 */
export function webPreferences(preload: string, packaged: boolean): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    // On Linux and Windows the spellchecker downloads dictionaries from a remote server;
    // the forms hold names, references and exam text, which need no spellchecking.
    spellcheck: false,
    devTools: !packaged,
  };
}
