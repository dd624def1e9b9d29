import { createInterface } from 'node:readline';

export const READY_PREFIX = 'EXAMINER_SERVER_READY ';

/** Resolves with the port of the server's `EXAMINER_SERVER_READY {"port":N}` line. */
export function waitForReadyLine(
  stdout: NodeJS.ReadableStream,
  timeoutMs: number,
  onOtherLine: (line: string) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: stdout });
    const timer = setTimeout(
      () => finish(new Error(`no ready line within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const finish = (outcome: number | Error): void => {
      clearTimeout(timer);
      lines.off('line', onLine);
      lines.off('close', onClose);
      // Keep draining stdout so the child never blocks on a full pipe.
      lines.on('line', onOtherLine);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const onLine = (line: string): void => {
      if (!line.startsWith(READY_PREFIX)) {
        onOtherLine(line);
        return;
      }
      const port = readPort(line.slice(READY_PREFIX.length));
      finish(port ?? new Error(`bad ready line: ${line}`));
    };
    const onClose = (): void => finish(new Error('the server exited before it was ready'));
    lines.on('line', onLine);
    lines.on('close', onClose);
  });
}

/** The port of the line's JSON, or null; a throw here would be uncaught in the app. */
function readPort(json: string): number | null {
  try {
    const port = (JSON.parse(json) as { port?: unknown } | null)?.port;
    return typeof port === 'number' ? port : null;
  } catch {
    return null;
  }
}
