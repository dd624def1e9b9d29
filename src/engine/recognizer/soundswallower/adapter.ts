import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import createModule, { type Decoder, type SoundSwallowerModule } from 'soundswallower';

/** The PocketSphinx model's 39 phones (ARPAbet without stress marks). */
export const PHONES = [
  'AA',
  'AE',
  'AH',
  'AO',
  'AW',
  'AY',
  'B',
  'CH',
  'D',
  'DH',
  'EH',
  'ER',
  'EY',
  'F',
  'G',
  'HH',
  'IH',
  'IY',
  'JH',
  'K',
  'L',
  'M',
  'N',
  'NG',
  'OW',
  'OY',
  'P',
  'R',
  'S',
  'SH',
  'T',
  'TH',
  'UH',
  'UW',
  'V',
  'W',
  'Y',
  'Z',
  'ZH',
] as const;

/** Dictionary entry that stands for one phone, so alignment reports each phone's own score. */
export function phoneWord(phone: string): string {
  return `ph_${phone.toLowerCase()}`;
}

export interface SpeechModel {
  module: SoundSwallowerModule;
  decoder: Decoder;
  loadMs: number;
}

/** The acoustic model and dictionary ship inside the soundswallower package; nothing is fetched. */
export function modelBase(): string {
  const entry = createRequire(import.meta.url).resolve('soundswallower');
  return join(dirname(entry), 'model') + '/';
}

export async function loadSpeechModel(): Promise<SpeechModel> {
  const started = performance.now();
  const quiet = (): void => undefined;
  const module = await createModule({
    modelBase: modelBase(),
    print: quiet,
    printErr: quiet,
  } as Partial<SoundSwallowerModule>);
  const decoder = new module.Decoder({ loglevel: 'FATAL', samprate: 16000 });
  await decoder.initialize();
  decoder.add_words(...PHONES.map((phone): [string, string] => [phoneWord(phone), phone]));
  return { module, decoder, loadMs: performance.now() - started };
}
