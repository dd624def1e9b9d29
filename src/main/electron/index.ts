import { join } from 'node:path';
import { app, BrowserWindow, dialog, session } from 'electron';
import type { AppCore } from '../core/app-core.js';
import { createAppCore } from '../core/create-app-core.js';
import { isAppUrl, type RendererSource } from './app-url.js';
import { fakeMicrophoneSwitches } from './fake-microphone.js';
import { forwardEvents, handleCalls } from './ipc.js';
import { electronKeyStore } from './key-store.js';
import { installMenu } from './menu.js';
import { rendererSource } from './renderer-source.js';
import {
  blockNavigation,
  registerAppScheme,
  restrictPermissions,
  serveRenderer,
} from './security.js';
import { startIfFirstInstance } from './single-instance.js';
import { utilityProcessLauncher } from './utility-process-launcher.js';
import { webPreferences } from './window-options.js';
import { isUnforeseen, startFailureText } from '../core/start-failure.js';

/** Thin glue: every decision lives in AppCore or in the pure modules beside this file. */
const here = import.meta.dirname;
const source = rendererSource({
  devBuild: import.meta.env.DEV,
  packaged: app.isPackaged,
  devServerUrl: process.env.ELECTRON_RENDERER_URL,
});

function openWindow(core: AppCore): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 840,
    minWidth: 900,
    minHeight: 600,
    title: app.getName(),
    show: false,
    webPreferences: webPreferences(join(here, '../preload/index.cjs'), app.isPackaged),
  });
  const stopForwarding = forwardEvents(core, win.webContents);
  win.on('closed', stopForwarding);
  win.once('ready-to-show', () => win.show());
  void win.loadURL(source.url);
  return win;
}

async function start(): Promise<void> {
  await app.whenReady();
  const appSession = session.defaultSession;
  appSession.setSpellCheckerEnabled(false);
  serveRenderer(appSession, join(here, '../renderer'));
  restrictPermissions(appSession, source);
  const dataDir = app.getPath('userData');
  const core = await createAppCore({
    host: 'electron',
    appVersion: app.getVersion(),
    dataDir,
    secretStore: electronKeyStore(dataDir),
    serverEntry: {
      modulePath: join(here, 'server.js'),
      execArgv: [],
      launcher: utilityProcessLauncher,
    },
  });
  installMenu();
  handleCalls(core, (url) => isAppUrl(url, source));
  openWindow(core);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow(core);
  });
  closeCoreBeforeQuit(core);
}

function closeCoreBeforeQuit(core: AppCore): void {
  let closed = false;
  app.on('before-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    void core.close().finally(() => {
      closed = true;
      app.quit();
    });
  });
}

function failedToStart(error: unknown): void {
  // The examiner gets sentences, never a stack; a fault of the app's own also leaves its stack
  // in the terminal, for whoever fixes it.
  const text = startFailureText(error);
  console.error(`Examiner could not start: ${text}`);
  if (isUnforeseen(error)) console.error(error);
  dialog.showErrorBox('Examiner could not start', text);
  app.exit(1);
}

function prepare(page: RendererSource): void {
  app.enableSandbox();
  registerAppScheme();
  for (const [name, value] of fakeMicrophoneSwitches(
    app.isPackaged,
    process.env.EXAMINER_FAKE_MICROPHONE,
  )) {
    app.commandLine.appendSwitch(name, value);
  }
  app.on('second-instance', () => {
    const win = BrowserWindow.getAllWindows()[0];
    if (win?.isMinimized()) win.restore();
    win?.focus();
  });
  app.on('web-contents-created', (_event, contents) => blockNavigation(contents));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  if (page.kind === 'dev-server') console.log(`Examiner: development renderer at ${page.url}`);
  start().catch(failedToStart);
}

// Lets tests (and examiners with several cohorts) keep separate data, as the browser host does.
if (process.env.EXAMINER_DATA_DIR) app.setPath('userData', process.env.EXAMINER_DATA_DIR);
startIfFirstInstance({
  requestLock: () => app.requestSingleInstanceLock(),
  quit: () => app.quit(),
  start: () => prepare(source),
});
