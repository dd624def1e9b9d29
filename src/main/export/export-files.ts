import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ExportResult {
  fileName: string;
  path: string;
  contentBase64: string;
}

/** Writes an export into <dataDir>/exports under a name that sorts by time and never collides. */
export async function writeExport(
  exportsDir: string,
  stem: string,
  extension: string,
  content: Buffer,
): Promise<ExportResult> {
  await mkdir(exportsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/gu, '-');
  for (let copy = 1; ; copy += 1) {
    const fileName = `${safeName(stem)}-${stamp}${copy > 1 ? `-${copy}` : ''}.${extension}`;
    const path = join(exportsDir, fileName);
    // 'wx': two exports in the same millisecond must not overwrite each other.
    const written = await writeFile(path, content, { flag: 'wx' }).then(
      () => true,
      async (error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST') return false;
        // Half an export (a full disk, say) must not be left to be opened as if whole.
        await rm(path, { force: true });
        throw error;
      },
    );
    if (written) return { fileName, path, contentBase64: content.toString('base64') };
  }
}

/**
 * A file name stem that keeps the name's own letters in any script (王小明, 김민준, प्रिया):
 * only what file systems refuse or shells trip on (path separators, reserved punctuation,
 * control characters, spaces) becomes a hyphen. NFC, so that Hangul and accents stay whole.
 */
export function safeName(text: string): string {
  const cleaned = text
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}_-]+/gu, '-')
    .replace(/-+/gu, '-')
    .replace(/^-|-$/gu, '');
  return Array.from(cleaned).slice(0, 60).join('').replace(/-$/u, '') || 'export';
}
