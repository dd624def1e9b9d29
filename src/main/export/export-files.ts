import { mkdir, writeFile } from 'node:fs/promises';
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
  const fileName = `${safeName(stem)}-${stamp}.${extension}`;
  const path = join(exportsDir, fileName);
  await writeFile(path, content);
  return { fileName, path, contentBase64: content.toString('base64') };
}

export function safeName(text: string): string {
  const cleaned = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\w-]+/gu, '-')
    .replace(/-+/gu, '-')
    .replace(/^-|-$/gu, '')
    .slice(0, 60);
  return cleaned || 'export';
}
