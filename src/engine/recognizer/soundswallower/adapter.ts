import { dirname } from 'node:path';
import createModule, { type Decoder, type SoundSwallowerModule } from 'soundswallower';
import type { AcousticModel, AlignedWord, Beams, DecodedSegment } from '../acoustic-model.js';
import { modelFiles, type ModelName } from '../models.js';
import { PHONES, phoneWord } from '../phones.js';
import { withRoomNoise } from './digital-silence.js';
import { readSegments } from './segments.js';

/** Soundswallower as the acoustic model: one WebAssembly decoder over one model folder. */
export async function loadSoundSwallower(name: ModelName): Promise<AcousticModel> {
  const { module, decoder } = await openDecoder(name);
  decoder.add_words(...PHONES.map((phone): [string, string] => [phoneWord(phone), phone]));
  return new SoundSwallowerModel(name, module, decoder);
}

/** A WebAssembly module and an initialised decoder over the model's files. */
export async function openDecoder(
  name: ModelName,
): Promise<{ module: SoundSwallowerModule; decoder: Decoder }> {
  const { folder, dictionary } = modelFiles(name);
  const quiet = (): void => undefined;
  const module = await createModule({
    modelBase: `${dirname(folder)}/`,
    print: quiet,
    printErr: quiet,
  } as Partial<SoundSwallowerModule>);
  const decoder = new module.Decoder({
    hmm: folder,
    ...(dictionary ? { dict: dictionary } : {}),
    loglevel: 'FATAL',
    samprate: 16000,
  });
  await decoder.initialize();
  return { module, decoder };
}

class SoundSwallowerModel implements AcousticModel {
  constructor(
    readonly name: ModelName,
    private readonly module: SoundSwallowerModule,
    private readonly decoder: Decoder,
  ) {}

  lookup(word: string): string | null {
    // The typings say string; the decoder returns null for a word it lacks.
    return (this.decoder.lookup_word(word) as string | null) ?? null;
  }

  addWords(...entries: Array<[string, string]>): void {
    this.decoder.add_words(...entries);
  }

  decodeGrammar(samples: Float32Array, jsgf: string): DecodedSegment[] {
    this.decoder.set_grammar(jsgf);
    return this.run(samples);
  }

  align(samples: Float32Array, words: string): { path: DecodedSegment[]; words: AlignedWord[] } {
    this.decoder.set_align_text(words);
    const path = this.run(samples);
    return { path, words: this.alignedWords() };
  }

  withBeams<T>(beams: Beams, run: () => T): T {
    const keys = Object.keys(beams) as Array<keyof Beams>;
    const saved = keys.map((key) => this.decoder.get_config(key));
    keys.forEach((key) => this.decoder.set_config(key, beams[key]));
    try {
      return run();
    } finally {
      keys.forEach((key, index) => this.decoder.set_config(key, saved[index] ?? beams[key]));
    }
  }

  close(): void {
    this.decoder.delete();
  }

  private run(samples: Float32Array): DecodedSegment[] {
    this.decoder.start();
    this.decoder.process_audio(withRoomNoise(samples), false, true);
    this.decoder.stop();
    return readSegments(this.module, this.decoder);
  }

  private alignedWords(): AlignedWord[] {
    try {
      return (this.decoder.get_alignment().w ?? []).map((word) => ({
        text: word.t,
        posterior: word.p,
      }));
    } catch {
      return [];
    }
  }
}
