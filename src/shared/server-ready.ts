/**
 * The scoring server prints `EXAMINER_SERVER_READY {"port":N}` on stdout once it listens: how
 * the process that started it learns the port.
 */
export const SERVER_READY_MARKER = 'EXAMINER_SERVER_READY';

const PREFIX = `${SERVER_READY_MARKER} `;

export function serverReadyLine(port: number): string {
  return `${PREFIX}${JSON.stringify({ port })}`;
}

/** True for a line that announces readiness, whether or not the rest of it is well formed. */
export function isServerReadyLine(line: string): boolean {
  return line.startsWith(PREFIX);
}

/** The port a ready line announces; null for any other line or a malformed one. Never throws. */
export function serverReadyPort(line: string): number | null {
  if (!isServerReadyLine(line)) return null;
  try {
    const port = (JSON.parse(line.slice(PREFIX.length)) as { port?: unknown } | null)?.port;
    return typeof port === 'number' ? port : null;
  } catch {
    return null;
  }
}
