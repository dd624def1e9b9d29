import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { formatOfExtension, identifyMedia, type Kind } from './media-kinds.js';
import { sanitizeSvg } from './svg-sanitizer.js';

/** Where prompt media are referred to from: paths under the data folder, e.g. "media/ab12….ogg". */
const MEDIA_FOLDER = 'media';

/**
 * Prompt audio and pictures, copied into <dataDir>/media under a name made from their
 * content, so that deleting or editing the source file changes nothing, and two items
 * with the same picture share one file.
 */
export class MediaStore {
  private readonly dir: string;

  constructor(private readonly dataDir: string) {
    this.dir = join(dataDir, MEDIA_FOLDER);
  }

  /** Validates and stores the bytes; returns the reference items keep. Throws MediaProblem. */
  async store(received: Uint8Array, kind: Kind): Promise<string> {
    const format = identifyMedia(received, kind);
    // Untrusted markup is never kept as it came: only the sanitised picture is stored.
    const bytes = format.extension === 'svg' ? sanitizeSvg(received) : received;
    const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${format.extension}`;
    const path = join(this.dir, name);
    if (!(await exists(path))) await writeDurably(this.dir, path, bytes);
    return `${MEDIA_FOLDER}/${name}`;
  }

  async read(reference: string): Promise<{ mimeType: string; bytes: Buffer }> {
    const path = this.pathOf(reference);
    const format = path ? formatOfExtension(extname(path).slice(1)) : null;
    if (!path || !format) throw new Error(`not a stored media file: ${reference}`);
    return { mimeType: format.mimeType, bytes: await readFile(path) };
  }

  /** Whether the reference names a media file this store holds (and nothing outside it). */
  async holds(reference: string): Promise<boolean> {
    const path = this.pathOf(reference);
    return path !== null && (await exists(path));
  }

  private pathOf(reference: string): string | null {
    const path = resolve(this.dataDir, reference);
    const inside = relative(this.dir, path);
    if (inside === '' || inside.startsWith('..') || inside.includes(sep)) return null;
    return path;
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.isFile(),
    () => false,
  );
}

/** Written under a temporary name and renamed, so a crash never leaves half a file under the real one. */
async function writeDurably(dir: string, path: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dir, { recursive: true });
  const temporary = `${path}.${process.pid}.part`;
  try {
    const file = await open(temporary, 'w', 0o600);
    try {
      await file.writeFile(bytes);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}
