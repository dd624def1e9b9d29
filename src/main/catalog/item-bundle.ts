import { parse as parseCsv } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { posix } from 'node:path';
import { z } from 'zod';
import { ItemInput } from '../../shared/app-api.js';
import { TASK_TITLES, type Task } from '../../shared/contract/endpoints.js';

/**
 * An item bundle: a manifest (manifest.json, or manifest.csv) beside the prompt media it
 * names, as a folder or a zip. Each manifest row is one item:
 * task, title, refText, keywords, audio, image (and, for the shipped samples only, key).
 */
export type BundleFiles = Map<string, Uint8Array>;

export interface BundleRow {
  row: number;
  key: string | null;
  title: string;
  fields: z.output<typeof ItemInput> | null;
  audio: string | null;
  image: string | null;
  problems: string[];
}

export const MANIFEST_NAMES = ['manifest.json', 'manifest.csv'] as const;
const MAX_ZIP_ENTRIES = 5000;
const MAX_UNZIPPED_BYTES = 512 * 1024 * 1024;

/** Tasks whose prompt is heard, and the one whose prompt is seen. */
const NEEDS_AUDIO: readonly Task[] = ['rs', 'rl', 'wfd'];

export class BundleProblem extends Error {}

export function filesFromZip(bytes: Uint8Array): BundleFiles {
  let entries: Record<string, Uint8Array>;
  let total = 0;
  let count = 0;
  try {
    entries = unzipSync(bytes, {
      filter: (file) => {
        count += 1;
        total += file.originalSize;
        if (count > MAX_ZIP_ENTRIES) throw new BundleProblem('The zip holds too many files.');
        if (total > MAX_UNZIPPED_BYTES)
          throw new BundleProblem('The zip unpacks to more than 512 MB.');
        return !file.name.endsWith('/');
      },
    });
  } catch (error) {
    if (error instanceof BundleProblem) throw error;
    throw new BundleProblem('The file is not a readable zip archive.');
  }
  return normalise(Object.entries(entries));
}

export function filesFromList(files: { path: string; bytes: Uint8Array }[]): BundleFiles {
  return normalise(files.map((file) => [file.path, file.bytes]));
}

/** Paths with forward slashes, and the one folder every file sits in (a zipped folder) removed. */
function normalise(entries: [string, Uint8Array][]): BundleFiles {
  const cleaned = entries
    .map(([path, bytes]) => [path.replace(/\\/gu, '/').replace(/^\.?\/+/u, ''), bytes] as const)
    .filter(([path]) => !path.split('/').some((part) => part === '__MACOSX' || part === '..'));
  const firstParts = new Set(cleaned.map(([path]) => path.split('/')[0]));
  const shared =
    firstParts.size === 1 && cleaned.every(([path]) => path.includes('/'))
      ? `${[...firstParts][0]}/`
      : '';
  return new Map(cleaned.map(([path, bytes]) => [path.slice(shared.length), bytes]));
}

export function readManifest(files: BundleFiles): BundleRow[] {
  const name = MANIFEST_NAMES.find((candidate) => files.has(candidate));
  if (!name) {
    throw new BundleProblem(
      'No manifest found: the folder or zip needs manifest.json or manifest.csv at its top.',
    );
  }
  const text = Buffer.from(files.get(name) as Uint8Array)
    .toString('utf8')
    .replace(/^\uFEFF/u, '');
  const records = name.endsWith('.json') ? jsonRecords(text) : csvRecords(text);
  if (records.length === 0) throw new BundleProblem(`${name} lists no items.`);
  return records.map((record, index) => toRow(record, index + 1, files));
}

function jsonRecords(text: string): Record<string, unknown>[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new BundleProblem(`manifest.json is not valid JSON: ${(error as Error).message}`);
  }
  const list = Array.isArray(data) ? data : (data as { items?: unknown } | null)?.items;
  if (!Array.isArray(list)) {
    throw new BundleProblem('manifest.json must hold a list of items, or {"items": [...]}.');
  }
  return list.map(
    (entry) => (entry && typeof entry === 'object' ? entry : {}) as Record<string, unknown>,
  );
}

function csvRecords(text: string): Record<string, unknown>[] {
  try {
    return parseCsv(text, {
      columns: (header: string[]) => header.map((column) => column.trim()),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    }) as Record<string, unknown>[];
  } catch (error) {
    throw new BundleProblem(`manifest.csv could not be read: ${(error as Error).message}`);
  }
}

/** A text cell of the manifest; a number is read as its digits (a title "2024", say). */
function textField(name: string) {
  return z
    .union([z.string(), z.number()], { error: `${name} must be text` })
    .transform(String)
    .nullish();
}

/**
 * One manifest entry's fields, as JSON may give them: anything that is not text (an object, a
 * list, true) is a problem of that row named by its field, never "[object Object]".
 */
const ManifestEntry = z.object({
  task: textField('task'),
  title: textField('title'),
  refText: textField('refText'),
  ref_text: textField('ref_text'),
  keywords: z
    .union([z.array(z.union([z.string(), z.number()]).transform(String)), z.string()], {
      error: 'keywords must be a list of texts, or one text separated by ; or |',
    })
    .nullish(),
  audio: textField('audio'),
  image: textField('image'),
  key: textField('key'),
});

type ManifestEntry = z.output<typeof ManifestEntry>;

function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Keywords as a JSON list, or one text separated by semicolons or vertical bars (CSV). */
function keywordsOf(value: ManifestEntry['keywords']): string[] {
  if (Array.isArray(value)) return value.map((keyword) => keyword.trim()).filter(Boolean);
  const joined = text(value);
  return joined
    ? joined
        .split(/[;|]/u)
        .map((keyword) => keyword.trim())
        .filter(Boolean)
    : [];
}

function toRow(record: Record<string, unknown>, row: number, files: BundleFiles): BundleRow {
  const entry = ManifestEntry.safeParse(record);
  if (!entry.success) {
    const title = typeof record.title === 'string' ? text(record.title) : null;
    return {
      row,
      key: null,
      title: title ?? `(row ${row} has no title)`,
      fields: null,
      audio: null,
      image: null,
      problems: entry.error.issues.map((issue) => issue.message),
    };
  }
  return checkedRow(entry.data, row, files);
}

function checkedRow(record: ManifestEntry, row: number, files: BundleFiles): BundleRow {
  const problems: string[] = [];
  const title = text(record.title) ?? `(row ${row} has no title)`;
  const parsed = ItemInput.safeParse({
    task: text(record.task)?.toLowerCase(),
    title: text(record.title) ?? '',
    refText: text(record.refText ?? record.ref_text) ?? '',
    keywords: keywordsOf(record.keywords),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.');
      problems.push(field === 'task' ? 'task must be one of rs, rl, di, wfd' : issue.message);
    }
  }
  const audio = mediaPath(text(record.audio), 'audio', files, problems);
  const image = mediaPath(text(record.image), 'image', files, problems);
  const task = parsed.success ? parsed.data.task : null;
  if (task && NEEDS_AUDIO.includes(task) && !audio && !problems.some((p) => p.includes('audio'))) {
    problems.push(`${TASK_TITLES[task]} items need prompt audio (the audio column)`);
  }
  if (task === 'di' && !image && !problems.some((p) => p.includes('image'))) {
    problems.push('Describe Image items need a picture (the image column)');
  }
  return {
    row,
    key: text(record.key),
    title,
    fields: parsed.success ? parsed.data : null,
    audio,
    image,
    problems,
  };
}

function mediaPath(
  value: string | null,
  column: 'audio' | 'image',
  files: BundleFiles,
  problems: string[],
): string | null {
  if (!value) return null;
  const path = posix.normalize(value.replace(/\\/gu, '/')).replace(/^\.\//u, '');
  if (path.startsWith('../') || path.startsWith('/')) {
    problems.push(`${column} file "${value}" lies outside the bundle`);
    return null;
  }
  if (!files.has(path)) {
    problems.push(`${column} file "${value}" is not in the bundle`);
    return null;
  }
  return path;
}
