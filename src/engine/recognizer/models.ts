import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The acoustic models the engine can load: each a folder of PocketSphinx files (mdef, means,
 * variances, sendump, transition_matrices, feat_params.json, dict.txt, noisedict.txt).
 */
export const MODEL_NAMES = ['en-us-8k', 'en-us-16k'] as const;
export type ModelName = (typeof MODEL_NAMES)[number];

/** The model the engine loads unless EXAMINER_SPEECH_MODEL names another. */
export const DEFAULT_MODEL: ModelName = 'en-us-8k';

/** Where a model's files are: its folder, and its dictionary when that is not in the folder. */
export interface ModelFiles {
  folder: string;
  dictionary?: string;
}

/** The files of each model; nothing is fetched. */
export function modelFiles(name: ModelName): ModelFiles {
  // CMU's 8 kHz-bandwidth US-English model, shipped inside the soundswallower package.
  const packaged = join(dirname(createRequire(import.meta.url).resolve('soundswallower')), 'model');
  if (name === 'en-us-8k') return { folder: join(packaged, 'en-us') };
  // CMU's 16 kHz US-English PTM model (Debian's pocketsphinx-en-us), vendored with its licence.
  // It shares the packaged model's CMU dictionary and 39 phones, so only the acoustics differ.
  return { folder: vendoredModel(name), dictionary: join(packaged, 'en-us', 'dict.txt') };
}

/**
 * resources/models/<name> in the first folder above this module that holds it: this module runs
 * from src/ (tsx), from a chunk of the electron-vite build and from the server bundle, each at
 * another depth below the folder that ships resources/.
 */
function vendoredModel(name: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const folder = join(dir, 'resources', 'models', name);
    if (existsSync(folder)) return folder;
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error(`The acoustic model ${name} is not installed (resources/models/${name}).`);
    dir = parent;
  }
}

/** The model named by EXAMINER_SPEECH_MODEL, or the default; an unknown name is an error. */
export function configuredModel(env: NodeJS.ProcessEnv = process.env): ModelName {
  const name = env.EXAMINER_SPEECH_MODEL ?? DEFAULT_MODEL;
  if (!(MODEL_NAMES as readonly string[]).includes(name)) {
    throw new Error(
      `EXAMINER_SPEECH_MODEL is "${name}"; the engine has ${MODEL_NAMES.join(' and ')}`,
    );
  }
  return name as ModelName;
}
