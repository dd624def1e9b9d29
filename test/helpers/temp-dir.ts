import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TempDir {
  path: string;
  remove: () => void;
}

/** A fresh folder under the system's temporary folder, for the caller to remove. */
export function tempDir(prefix = 'examiner-test-'): TempDir {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/**
 * A fresh folder removed when this process exits: for the audio an end-to-end spec makes as it
 * loads, which Chromium's synthetic microphone reads until the worker's last test is over.
 */
export function processTempDir(prefix: string): string {
  const dir = tempDir(prefix);
  process.once('exit', dir.remove);
  return dir.path;
}
