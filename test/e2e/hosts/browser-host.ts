import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { electronBinary, ROOT } from '../support/environment';

const READY = 'EXAMINER_BROWSER_HOST_READY ';

export interface StartedHost {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the app exactly as `npm start` does. Where Electron is installed, start.mjs
 * would open it instead, so the test asks for the browser host by name.
 */
export function startBrowserHost(dataDir: string, timeoutMs = 150_000): Promise<StartedHost> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    EXAMINER_NO_BROWSER: '1',
    EXAMINER_DATA_DIR: dataDir,
  };
  if (electronBinary()) env.EXAMINER_HOST = 'browser';
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(`no ready line within ${timeoutMs} ms`), timeoutMs);
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`The browser host did not start: ${why}\n${output}`));
    };
    child.once('exit', (code) => fail(`it exited with ${code}`));
    createInterface({ input: child.stdout }).on('line', (line) => {
      output += `${line}\n`;
      if (!line.startsWith(READY)) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({
        url: line.slice(READY.length).trim(),
        output: () => output,
        stop: () => stop(child),
      });
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}
