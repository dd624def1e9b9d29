import type { AppInfo } from '../../../shared/app-api';
import { base64ToBlob } from './base64';

interface ExportResult {
  fileName: string;
  path: string;
  contentBase64: string;
}

const MIME_TYPES: Record<string, string> = { csv: 'text/csv', pdf: 'application/pdf' };

/**
 * Electron's main process has already written the file; the browser host's page hands it
 * to the browser as a download. Returns what to tell the examiner.
 */
export function deliverExport(result: ExportResult, host: AppInfo['host'] | undefined): string {
  if (host === 'electron') return `Saved to ${result.path}`;
  const extension = result.fileName.split('.').pop() ?? '';
  const blob = base64ToBlob(
    result.contentBase64,
    MIME_TYPES[extension] ?? 'application/octet-stream',
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = result.fileName;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return `Downloaded ${result.fileName} (also saved to ${result.path})`;
}
