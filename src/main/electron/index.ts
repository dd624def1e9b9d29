import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, session, type WebContents } from 'electron';
import type { AppCore } from '../core/app-core.js';
import { createAppCore } from '../core/create-app-core.js';
import { forwardEvents, handleCalls } from './ipc.js';
import { installMenu } from './menu.js';
import { createSafeStorageSecretStore } from './safe-storage-secret-store.js';
import { blockNavigation, isAppUrl, restrictPermissions } from './security.js';

/** Thin glue: every decision lives in AppCore; this file only wires Electron to it. */
const here = import.meta.dirname;
const rendererUrl = process.env.ELECTRON_RENDERER_URL;
const rendererFile = join(here, '../renderer/index.html');

const appUrl = rendererUrl ?? pathToFileURL(rendererFile).href;

function isAppFrame(contents: WebContents): boolean {
  return isAppUrl(contents.getURL(), appUrl);
}

function openWindow(core: AppCore): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 840,
    minWidth: 900,
    minHeight: 600,
    title: app.getName(),
    show: false,
    webPreferences: {
      preload: join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  const stopForwarding = forwardEvents(core, win.webContents);
  win.on('closed', stopForwarding);
  win.once('ready-to-show', () => win.show());
  void (rendererUrl ? win.loadURL(rendererUrl) : win.loadFile(rendererFile));
  return win;
}

async function start(): Promise<void> {
  await app.whenReady();
  const dataDir = app.getPath('userData');
  const core = await createAppCore({
    host: 'electron',
    appVersion: app.getVersion(),
    dataDir,
    secretStore: createSafeStorageSecretStore(dataDir),
    serverEntry: { modulePath: join(here, 'server.js'), execArgv: [] },
  });
  restrictPermissions(session.defaultSession);
  installMenu();
  handleCalls(core, isAppFrame);
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

// Lets tests (and examiners with several cohorts) keep separate data, as the browser host does.
if (process.env.EXAMINER_DATA_DIR) app.setPath('userData', process.env.EXAMINER_DATA_DIR);
if (!app.requestSingleInstanceLock()) app.quit();
app.on('second-instance', () => BrowserWindow.getAllWindows()[0]?.focus());
app.on('web-contents-created', (_event, contents) => blockNavigation(contents));
app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
start().catch((error: unknown) => {
  console.error('Examiner could not start:', error);
  dialog.showErrorBox(
    'Examiner could not start',
    error instanceof Error ? error.message : String(error),
  );
  app.exit(1);
});
