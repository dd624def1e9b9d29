import { mkdirSync } from 'node:fs';
import { pino, type Logger } from 'pino';
import { createStream } from 'rotating-file-stream';

export type { Logger } from 'pino';

/** Anything that might carry a key or audio is cut out before it reaches the file. */
const REDACT = [
  'key',
  'apiKey',
  'authorization',
  'headers.authorization',
  'audioBase64',
  'base64',
  'audioUrl',
  'body',
  '*.key',
  '*.apiKey',
  '*.authorization',
  '*.audioBase64',
  '*.audioUrl',
];

/**
 * The main process log: JSON lines in <dataDir>/logs/main.log, rotated at 5 MB, 5 files
 * kept. Written in-process (no worker thread) so it works the same in Electron and Node.
 */
export function createLogger(
  logsDir: string,
  level = 'info',
): { logger: Logger; close: () => Promise<void> } {
  mkdirSync(logsDir, { recursive: true });
  const stream = createStream('main.log', {
    path: logsDir,
    size: '5M',
    maxFiles: 5,
    compress: false,
  });
  const logger = pino({ level, redact: { paths: REDACT, censor: '[redacted]' } }, stream);
  const close = (): Promise<void> =>
    new Promise((resolve) => {
      stream.once('finish', () => resolve());
      stream.end();
    });
  return { logger, close };
}

export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
