import { zipSync } from 'fflate';
import { extname } from 'node:path';
import type { Item } from '../../shared/app-api.js';
import type { MediaStore } from '../media/media-store.js';

/**
 * Items as a bundle the import reads back: manifest.json beside the media, in a zip.
 * Each media file is named after the item's position, so the zip reads well by hand.
 */
export async function exportBundle(items: Item[], media: MediaStore): Promise<Buffer> {
  const files: Record<string, Uint8Array> = {};
  const manifest = [];
  for (const [index, item] of items.entries()) {
    const stem = `${String(index + 1).padStart(3, '0')}-${item.task}`;
    manifest.push({
      task: item.task,
      title: item.title,
      refText: item.refText,
      keywords: item.keywords,
      audio: await copy(item.promptAudioPath, `${stem}-audio`),
      image: await copy(item.imagePath, `${stem}-image`),
    });
  }
  files['manifest.json'] = Buffer.from(`${JSON.stringify({ items: manifest }, null, 2)}\n`);
  return Buffer.from(zipSync(files, { level: 6 }));

  async function copy(reference: string | null, stem: string): Promise<string | null> {
    if (!reference || !(await media.holds(reference))) return null;
    const name = `media/${stem}${extname(reference)}`;
    files[name] = (await media.read(reference)).bytes;
    return name;
  }
}
