import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { _electron, type ElectronApplication } from '@playwright/test';
import { ROOT } from '../support/environment';

function readNumber(file: string): number | null {
  try {
    return Number(readFileSync(file, 'utf8').trim());
  } catch {
    return null;
  }
}

/**
 * Why Chromium's sandbox cannot run here, or null when it can: it needs either unprivileged
 * user namespaces or Electron's chrome-sandbox helper installed setuid root, and it refuses
 * to run as root at all.
 */
export function sandboxUnavailable(binary: string): string | null {
  if (process.platform !== 'linux') return null;
  if (process.getuid?.() === 0) return 'running as root';
  const helper = join(dirname(binary), 'chrome-sandbox');
  if (existsSync(helper)) {
    const stat = statSync(helper);
    if (stat.uid === 0 && (stat.mode & 0o4000) !== 0) return null;
  }
  if (readNumber('/proc/sys/kernel/unprivileged_userns_clone') === 0) {
    return 'unprivileged user namespaces are off';
  }
  if (readNumber('/proc/sys/kernel/apparmor_restrict_unprivileged_userns') === 1) {
    return 'AppArmor restricts unprivileged user namespaces';
  }
  if (readNumber('/proc/sys/user/max_user_namespaces') === 0) return 'user namespaces are off';
  return null;
}

/** The WAV the browser project plays as the microphone, if the test chose one. */
function fakeAudioFile(chromiumArgs: readonly string[]): string | undefined {
  const flag = '--use-file-for-fake-audio-capture=';
  return chromiumArgs.find((arg) => arg.startsWith(flag))?.slice(flag.length);
}

/**
 * Launches the built app in Electron as `npm start` would, with the sandbox on wherever the
 * system allows it, and Chromium's synthetic microphone (switched on inside the app through
 * app.commandLine.appendSwitch, which is how Electron takes such Chromium switches).
 */
export async function launchElectron(
  binary: string,
  dataDir: string,
  chromiumArgs: readonly string[],
): Promise<ElectronApplication> {
  const noSandbox = sandboxUnavailable(binary);
  if (noSandbox) console.log(`e2e: Electron runs with --no-sandbox here: ${noSandbox}`);
  return _electron.launch({
    executablePath: binary,
    args: [ROOT, ...(noSandbox ? ['--no-sandbox'] : []), '--disable-gpu'],
    cwd: ROOT,
    env: {
      ...process.env,
      EXAMINER_DATA_DIR: dataDir,
      EXAMINER_FAKE_MICROPHONE: fakeAudioFile(chromiumArgs) ?? '1',
    },
  });
}
