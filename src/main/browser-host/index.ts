import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAppCore } from '../core/create-app-core.js';
import { FileSecretStore } from '../secrets/file-secret-store.js';
import { startFailureText } from '../core/start-failure.js';
import { findChromium, openAppWindow, type AppWindow } from './chromium.js';
import { resolveDataDir, resolvePort } from './data-dir.js';
import { rememberedPort, rememberPort, sessionToken, writeLaunchPage } from './host-files.js';
import { startHostServer, type HostServer } from './host-server.js';

/**
 * The same app without Electron: AppCore in plain Node, the built renderer served on
 * 127.0.0.1, and Debian's Chromium as the window. Like the Electron glue, it only forwards.
 */
const here = import.meta.dirname;

function appVersion(): string {
  const manifest = JSON.parse(readFileSync(join(here, '../../package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

async function main(): Promise<void> {
  const dataDir = resolveDataDir();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const core = await createAppCore({
    host: 'browser',
    appVersion: appVersion(),
    dataDir,
    secretStore: new FileSecretStore(join(dataDir, 'api-key')),
    serverEntry: { modulePath: join(here, 'server.js'), execArgv: [] },
  });
  // $EXAMINER_PORT is a demand; otherwise the last port is kept while it is free.
  const demanded = resolvePort();
  const server = await startHostServer({
    core,
    rendererDir: join(here, '../renderer'),
    token: sessionToken(dataDir),
    port: demanded || rememberedPort(dataDir),
    preferPort: demanded === 0,
  }).catch(async (error: unknown) => {
    await core.close();
    throw error;
  });
  rememberPort(dataDir, server.port);
  console.log(`EXAMINER_BROWSER_HOST_READY ${server.url}`);
  const appWindow = openWindowUnlessSuppressed(server, dataDir);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    appWindow?.close();
    await server.close();
    await core.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  appWindow?.process.once('exit', (code) => {
    // Closing the app window ends the app, as closing Electron's window does; a Chromium
    // that failed to open one leaves the app serving for any other browser.
    if (code === 0) void stop();
    else console.log(`Chromium could not open a window (exit ${code}). ${openByHand(server.url)}`);
  });
}

function openByHand(url: string): string {
  return `Open ${url} in Chromium or Chrome to use Examiner. The link signs in: keep it to yourself.`;
}

function hasDisplay(env: NodeJS.ProcessEnv = process.env): boolean {
  return process.platform !== 'linux' || Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/**
 * Chromium's command line is readable by every local user, so it names only a page in the data
 * folder (mode 0600) that holds a one-time launch code; the page goes once the window is open.
 */
function openWindowUnlessSuppressed(server: HostServer, dataDir: string): AppWindow | null {
  if (process.env.EXAMINER_NO_BROWSER === '1') return null;
  const chromium = findChromium();
  if (!chromium || !hasDisplay()) {
    console.log(openByHand(server.url));
    return null;
  }
  const page = writeLaunchPage(dataDir, server.launchUrl());
  const removePage = () => rmSync(page, { force: true });
  setTimeout(removePage, 60_000).unref();
  const appWindow = openAppWindow(chromium, pathToFileURL(page).href, dataDir);
  appWindow.process.once('exit', removePage);
  return appWindow;
}

main().catch((error: unknown) => {
  // The person who started it reads this terminal: a sentence and what to do, never a stack.
  console.error(`Examiner could not start: ${startFailureText(error)}`);
  process.exit(1);
});
