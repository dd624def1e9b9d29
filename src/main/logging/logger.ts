import { mkdirSync } from 'node:fs';
import { pino, type Logger } from 'pino';
import { ResilientLogSink, type SinkOptions } from './resilient-sink.js';

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

/** Said once per outage on stderr: the log itself is what cannot be written. */
function reportFailure(error: NodeJS.ErrnoException): void {
  const reason =
    error.code === 'ENOSPC' || error.code === 'EDQUOT' ? 'the disk is full' : error.message;
  process.stderr.write(`examiner: the log cannot be written (${reason}); it resumes when it can\n`);
}

/**
 * The main process log: JSON lines in <dataDir>/logs/main.log, rotated at 5 MB, 5 files
 * kept. Written in-process (no worker thread) so it works the same in Electron and Node.
 * A full disk pauses it (see ResilientLogSink); it never stops the app.
 */
export function createLogger(
  logsDir: string,
  level = 'info',
  sink: Partial<SinkOptions> = {},
): { logger: Logger; close: () => Promise<void> } {
  mkdirSync(logsDir, { recursive: true });
  const stream = new ResilientLogSink({ onFailure: reportFailure, ...sink, dir: logsDir });
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
