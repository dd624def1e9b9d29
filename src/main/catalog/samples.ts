import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Logger } from 'pino';
import type { MediaStore } from '../media/media-store.js';
import type { ItemsRepo } from '../store/items-repo.js';
import type { SettingsRepo } from '../store/settings-repo.js';
import { filesFromList } from './item-bundle.js';
import { importBundle } from './item-import.js';

/** Set once the sample bank has been put in a data folder, so deleted samples stay deleted. */
const INSTALLED_KEY = 'samplesInstalled';

/**
 * resources/samples, found from this module whether it runs from src/ (tests) or from the
 * build in out/main (both hosts): the first ancestor folder that holds it.
 */
export function samplesFolder(start = import.meta.dirname): string | null {
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, 'resources', 'samples');
    if (existsSync(join(candidate, 'manifest.json'))) return candidate;
    if (dirname(dir) === dir) return null;
  }
}

/** Imports the shipped sample items into a data folder that has never had them. */
export async function installSamples(
  items: ItemsRepo,
  media: MediaStore,
  settings: SettingsRepo,
  logger: Logger,
): Promise<void> {
  if (settings.readAll()[INSTALLED_KEY] === true) return;
  const folder = samplesFolder();
  if (!folder) {
    logger.warn('the sample item bank (resources/samples) is missing; no samples installed');
    return;
  }
  const files = filesFromList(
    readdirSync(folder).map((name) => ({ path: name, bytes: readFileSync(join(folder, name)) })),
  );
  const report = await importBundle(files, items, media, { samples: true });
  for (const row of report.refused) {
    logger.warn({ row: row.row, reasons: row.reasons }, 'sample item refused');
  }
  settings.writeAll({ [INSTALLED_KEY]: true });
  logger.info({ imported: report.imported.length }, 'sample items installed');
}
