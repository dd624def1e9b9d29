import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Chromium may not call home: the app runs offline on an examiner's machine. */
const OFFLINE_FLAGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-quic',
];

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const path = env.CHROMIUM_PATH || '/usr/bin/chromium';
  return existsSync(path) ? path : null;
}

export interface AppWindow {
  process: ChildProcess;
  close(): void;
}

/** Opens the app in its own window with a fresh profile under the data dir. */
export function openAppWindow(executable: string, url: string, dataDir: string): AppWindow {
  const profile = mkdtempSync(join(dataDir, 'chromium-profile-'));
  const args = [`--app=${url}`, `--user-data-dir=${profile}`, ...OFFLINE_FLAGS];
  // Chromium refuses to run its sandbox as root (e.g. in a container).
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  const child = spawn(executable, args, { stdio: 'ignore' });
  child.once('exit', () => rmSync(profile, { recursive: true, force: true }));
  return {
    process: child,
    close() {
      if (child.exitCode === null) child.kill('SIGTERM');
    },
  };
}
