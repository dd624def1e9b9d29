import { createInterface } from 'node:readline';
import { isServerReadyLine, serverReadyPort } from '../../shared/server-ready.js';

/** Resolves with the port of the server's ready line (src/shared/server-ready.ts). */
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
      if (!isServerReadyLine(line)) {
        onOtherLine(line);
        return;
      }
      const port = serverReadyPort(line);
      finish(port ?? new Error(`bad ready line: ${line}`));
    };
    const onClose = (): void => finish(new Error('the server exited before it was ready'));
    lines.on('line', onLine);
    lines.on('close', onClose);
  });
}
