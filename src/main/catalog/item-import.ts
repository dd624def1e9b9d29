import type { ImportReport } from '../../shared/app-api.js';
import { identifyMedia, MediaProblem } from '../media/media-kinds.js';
import type { MediaStore } from '../media/media-store.js';
import type { ItemsRepo } from '../store/items-repo.js';
import { readManifest, type BundleFiles, type BundleRow } from './item-bundle.js';

/**
 * Imports a bundle's rows. Every row is checked first (fields, media bytes, titles already
 * in the bank or twice in the bundle); the good rows' media are stored, then the good rows
 * are written in one transaction. A row is imported whole or refused with its reasons, and
 * a failure while writing leaves the bank as it was.
 */
export async function importBundle(
  files: BundleFiles,
  items: ItemsRepo,
  media: MediaStore,
  options: { samples?: boolean } = {},
): Promise<ImportReport> {
  const rows = readManifest(files);
  checkRows(rows, files, items);
  const good = rows.filter((row) => row.problems.length === 0);
  const stored = new Map<string, string>();
  for (const row of good) {
    for (const [path, kind] of [
      [row.audio, 'audio'],
      [row.image, 'image'],
    ] as const) {
      if (path && !stored.has(path)) stored.set(path, await media.store(files.get(path)!, kind));
    }
  }
  const imported = items.transaction(() =>
    good.map((row) => {
      const fields = row.fields!;
      const item = items.create(
        {
          ...fields,
          promptAudioPath: row.audio ? stored.get(row.audio)! : null,
          imagePath: row.image ? stored.get(row.image)! : null,
        },
        options.samples ? (row.key ?? `${fields.task}:${fields.title}`) : null,
      );
      return { row: row.row, title: item.title, id: item.id };
    }),
  );
  const refused = rows
    .filter((row) => row.problems.length > 0)
    .map((row) => ({ row: row.row, title: row.title, reasons: row.problems }));
  return { imported, refused };
}

function checkRows(rows: BundleRow[], files: BundleFiles, items: ItemsRepo): void {
  const seen = new Set<string>();
  for (const row of rows) {
    checkMedia(row, files);
    if (!row.fields) continue;
    const key = `${row.fields.task}\u0000${row.fields.title.toLowerCase()}`;
    if (seen.has(key)) row.problems.push('the bundle lists this title twice for the same task');
    else if (items.hasTitle(row.fields.task, row.fields.title)) {
      row.problems.push('an item of this task with this title is already in the bank');
    }
    seen.add(key);
  }
}

function checkMedia(row: BundleRow, files: BundleFiles): void {
  for (const [path, kind] of [
    [row.audio, 'audio'],
    [row.image, 'image'],
  ] as const) {
    if (!path) continue;
    try {
      identifyMedia(files.get(path)!, kind);
    } catch (error) {
      if (!(error instanceof MediaProblem)) throw error;
      row.problems.push(`${kind} file "${path}": ${error.message}`);
    }
  }
}
