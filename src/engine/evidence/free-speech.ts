import type { Phrase } from '../audio/phrases.js';
import {
  SAMPLES_PER_FRAME,
  type AcousticModel,
  type Beams,
  type DecodedSegment,
} from '../recognizer/acoustic-model.js';
import { baseWord, ensureInDictionary } from '../recognizer/dictionary.js';
import {
  promptSentenceGrammar,
  SKIP_WEIGHT,
  spottingGrammar,
  type PromptVocabulary,
} from '../recognizer/grammar.js';
import { isFiller, isSilence } from '../recognizer/recognize.js';
import { hesitationsOf } from './hesitations.js';
import { verifyHit } from './hit-verification.js';
import { sameStem } from '../text/inflections.js';
import type { TextWord } from '../text/words.js';
import { analyseSpeech, type SpeechAnalysis } from './analysis.js';
import { nothingHeard, shiftAnalysis, shiftSegment } from './speech-analysis.js';
import { senoneGop } from './gop.js';

/**
 * Narrower than the decoder's own beams: on speechocean762 answers they find the same words
 * three times as fast (the prompt grammars have many more paths than one sentence).
 */
const PROMPT_BEAMS: Beams = { beam: 1e-30, pbeam: 1e-30, wbeam: 1e-11 };
/**
 * A word the sentence grammar decoded is kept only above this acoustic score per frame: lower
 * than Repeat Sentence's bar (analysis.ts), as the grammar's optional words place boundaries
 * more loosely; the verdict judges the words kept.
 */
const PROMPT_WORD_MIN_SCORE_PER_FRAME = -65;
/** The spotter's search is a phone loop: the free loop's beams (recognizer/phone-loop.ts). */
const SPOTTING_BEAMS: Beams = { beam: 1e-25, pbeam: 1e-25, wbeam: 1e-15 };

/** One phrase of a free-speech answer, analysed as a Repeat Sentence of what was recognised. */
export interface PhraseAnalysis {
  /** Frames count from the start of the whole answer. */
  analysis: SpeechAnalysis;
  startFrame: number;
  endFrame: number;
  gapBeforeSeconds: number;
  /** The phrase was verified as (part of) one of the prompt's sentences. */
  followsPrompt: boolean;
  /** The verdict's score for that sentence (RenditionCheck), 0 when it follows none. */
  sentenceScore: number;
  /** "um", "uh": heard, never words of the answer. */
  hesitations: DecodedSegment[];
  /** Where the recogniser heard silence or noise, not speech (frames of the whole answer). */
  silences: DecodedSegment[];
  /**
   * The key-point words the spotter heard (in a phrase verified as a prompt sentence, those
   * outside that sentence's words), each run verified on its own frames (hit-verification.ts).
   */
  spotted: SpeechAnalysis[];
}

/**
 * The parts of a phrase whose words are evidence of what was said: a verified sentence's words
 * and the spotted runs beside it; elsewhere the spotted runs only (the phrase's own analysis
 * aligns the same hits over the whole phrase, for delivery).
 */
export function evidenceParts(phrase: PhraseAnalysis): SpeechAnalysis[] {
  return phrase.followsPrompt ? [phrase.analysis, ...phrase.spotted] : phrase.spotted;
}

export interface FreeSpeechAnalysis {
  phrases: PhraseAnalysis[];
  totalFrames: number;
}

/**
 * Rl/di, phrase by phrase (docs/engine.md, free speech): first as (part of) a prompt sentence,
 * kept when the rs verdict calls it a rendition; else in the answer's own words, by keyword
 * spotting: each key point searched for as a whole against a free phone loop that absorbs
 * everything else said. Either way the words are force-aligned and checked against the free
 * phone loop as the rs path checks a sentence (their GOP is the log-likelihood ratio that
 * verifies a hit), so phones, words and the delivery models see phrases of the length they know.
 */
export function analyseFreeSpeech(
  model: AcousticModel,
  samples: Float32Array,
  phrases: readonly Phrase[],
  vocabulary: PromptVocabulary,
  isRendition: RenditionCheck,
): FreeSpeechAnalysis {
  ensureInDictionary(model, grammarWords(vocabulary));
  const context: PhraseContext = {
    sentenceGrammars: [SKIP_WEIGHT, 1]
      .map((weight) => promptSentenceGrammar(vocabulary, weight))
      .filter((grammar) => grammar !== null),
    spottingGrammar: spottingGrammar(vocabulary),
    display: displayForms(vocabulary),
    hesitation: new Set(vocabulary.hesitations),
    sentences: vocabulary.sentences,
    isRendition,
  };
  return {
    phrases: phrases.map((phrase) => analysePhrase(model, samples, phrase, context)),
    totalFrames: Math.floor(samples.length / SAMPLES_PER_FRAME),
  };
}

function grammarWords(vocabulary: PromptVocabulary): string[] {
  return [
    ...vocabulary.sentences.flat().flatMap((word) => word.spoken),
    ...vocabulary.keyPhrases.flat(2),
    ...[...vocabulary.forms.values()].flat(),
  ];
}

/** How each dictionary word is written in the prompt ("1990" is said "nineteen ninety"). */
function displayForms(vocabulary: PromptVocabulary): Map<string, string> {
  const forms = new Map<string, string>();
  for (const word of vocabulary.sentences.flat()) {
    if (word.spoken.length === 1) forms.set(word.spoken[0]!, word.display);
  }
  return forms;
}

interface PhraseContext {
  /** Tried in turn: skipping a word at a cost, then freely (recognizer/grammar.ts). */
  sentenceGrammars: string[];
  spottingGrammar: string;
  display: Map<string, string>;
  hesitation: Set<string>;
  sentences: PromptVocabulary['sentences'];
  isRendition: RenditionCheck;
}

/**
 * Does the audio support being a rendition of the analysis' reference (the rs verdict), and
 * how surely (the verdict's score).
 */
export type RenditionCheck = (analysis: SpeechAnalysis) => { rendition: boolean; score: number };

/** A phrase that shares at least this many words, in order, with a prompt sentence is tried as it. */
const MIN_SENTENCE_MATCH = 2;

function analysePhrase(
  model: AcousticModel,
  samples: Float32Array,
  phrase: Phrase,
  context: PhraseContext,
): PhraseAnalysis {
  const audio = samples.subarray(phrase.startSample, phrase.endSample);
  const offset = Math.floor(phrase.startSample / SAMPLES_PER_FRAME);
  const located = (
    analysis: SpeechAnalysis,
    sentence: SentenceRendition | null,
    path: readonly DecodedSegment[],
    spotted: readonly SpeechAnalysis[] = [],
  ): PhraseAnalysis => ({
    analysis: shiftAnalysis(analysis, offset),
    startFrame: offset,
    endFrame: offset + Math.floor(audio.length / SAMPLES_PER_FRAME),
    gapBeforeSeconds: phrase.gapBeforeSeconds,
    followsPrompt: sentence !== null,
    sentenceScore: sentence?.score ?? 0,
    hesitations: hesitationsOf(path, context.hesitation).map((segment) =>
      shiftSegment(segment, offset),
    ),
    silences: path
      .filter((segment) => isSilence(segment.text))
      .map((segment) => shiftSegment(segment, offset)),
    spotted: spotted.map((analysis) => shiftAnalysis(analysis, offset)),
  });
  const sentence = sentenceRendition(model, audio, context);
  const asSentence = sentence?.analysis ?? null;
  if (asSentence && spansPhrase(asSentence, audio))
    return located(asSentence, sentence, asSentence.decodedPath);
  const spotted = model.withBeams(SPOTTING_BEAMS, () =>
    model.decodeGrammar(audio, context.spottingGrammar),
  );
  const runs = hitRuns(spotted, context);
  const verify = (run: DecodedSegment[]) =>
    verifyHit(
      model,
      audio,
      run,
      run.map((hit) => textWord(hit, context)),
    );
  if (asSentence) {
    const outside = runs.filter((run) => !withinWords(run, asSentence));
    return located(asSentence, sentence, spotted, outside.map(verify));
  }
  const hits = runs.flat().map((hit) => textWord(hit, context));
  const analysis =
    hits.length > 0
      ? analyseSpeech(model, audio, hits, { restarts: false })
      : nothingHeard(Math.floor(audio.length / SAMPLES_PER_FRAME));
  return located(analysis, null, spotted, runs.map(verify));
}

/** A phrase analysed as a prompt sentence the verdict accepts, with the verdict's score. */
interface SentenceRendition {
  analysis: SpeechAnalysis;
  score: number;
}

/**
 * The phrase analysed as the prompt sentence it follows, when the verdict calls it a rendition:
 * the sentence each grammar's decode follows furthest, in turn, until one is accepted.
 */
function sentenceRendition(
  model: AcousticModel,
  audio: Float32Array,
  context: PhraseContext,
): SentenceRendition | null {
  const tried = new Set<readonly TextWord[]>();
  for (const grammar of context.sentenceGrammars) {
    const sentence = closestSentence(
      words(decodePrompt(model, audio, grammar), context),
      context.sentences,
    );
    if (sentence === null || tried.has(sentence)) continue;
    tried.add(sentence);
    const analysis = analyseSpeech(model, audio, [...sentence], { restarts: false });
    const { rendition, score } = context.isRendition(analysis);
    if (rendition) return { analysis, score };
  }
  return null;
}

/** Frames of silence the phrase cutter leaves either side of a phrase's speech (phrases.ts). */
const PHRASE_EDGE_FRAMES = 15;
/**
 * A verified sentence whose heard words span this share of the phrase's speech leaves no room
 * for another point: the spotter is not run there (it would double the phrase's cost).
 */
const SENTENCE_SPAN_SHARE = 0.8;

function spansPhrase(analysis: SpeechAnalysis, audio: Float32Array): boolean {
  const first = analysis.heard[0];
  const last = analysis.heard.at(-1);
  if (!first || !last) return false;
  const speech = Math.floor(audio.length / SAMPLES_PER_FRAME) - 2 * PHRASE_EDGE_FRAMES;
  return last.endFrame - first.startFrame + 1 >= SENTENCE_SPAN_SHARE * speech;
}

function textWord(segment: DecodedSegment, context: PhraseContext): TextWord {
  const spoken = baseWord(segment.text);
  return { display: context.display.get(spoken) ?? spoken, spoken: [spoken] };
}

/**
 * The spotter's key-phrase words in runs: words with only silence or noise between them are
 * one run (one key phrase, or several said one after another); a free phone ends a run.
 */
function hitRuns(path: readonly DecodedSegment[], context: PhraseContext): DecodedSegment[][] {
  const runs: DecodedSegment[][] = [];
  let current: DecodedSegment[] = [];
  for (const segment of path) {
    if (isFiller(segment.text)) continue;
    if (segment.text.startsWith('ph_') || context.hesitation.has(baseWord(segment.text))) {
      if (current.length > 0) runs.push(current);
      current = [];
    } else current.push(segment);
  }
  if (current.length > 0) runs.push(current);
  return runs;
}

/** Each hit of the run lies on a heard word of the verified sentence of the same stem. */
function withinWords(run: readonly DecodedSegment[], analysis: SpeechAnalysis): boolean {
  return run.every((hit) =>
    analysis.heard.some(
      (word) =>
        word.startFrame <= hit.endFrame &&
        word.endFrame >= hit.startFrame &&
        (analysis.reference[word.slot]?.spoken ?? [word.entry]).some((spoken) =>
          sameStem(spoken, baseWord(hit.text)),
        ),
    ),
  );
}

function decodePrompt(
  model: AcousticModel,
  audio: Float32Array,
  grammar: string,
): DecodedSegment[] {
  return model
    .withBeams(PROMPT_BEAMS, () => model.decodeGrammar(audio, grammar))
    .filter((word) => !isFiller(word.text));
}

/** The sentence grammar's words the audio supports (hesitations left out). */
function words(decoded: readonly DecodedSegment[], context: PhraseContext): TextWord[] {
  return decoded
    .filter(
      (word) =>
        !context.hesitation.has(baseWord(word.text)) &&
        senoneGop(word) >= PROMPT_WORD_MIN_SCORE_PER_FRAME,
    )
    .map((word): TextWord => {
      const spoken = baseWord(word.text);
      return { display: context.display.get(spoken) ?? spoken, spoken: [spoken] };
    });
}

/**
 * The prompt sentence the phrase's words follow furthest in order, when that is far enough to
 * try the phrase as that sentence: aligned to the whole sentence, the words the decoder missed
 * are recovered as Repeat Sentence recovers them.
 */
export function closestSentence(
  heardWords: readonly TextWord[],
  sentences: PromptVocabulary['sentences'],
): readonly TextWord[] | null {
  const heard = heardWords.map((word) => word.spoken.join(' '));
  let best: { sentence: readonly TextWord[]; match: number } | null = null;
  for (const sentence of sentences) {
    const match = inOrderMatch(
      heard,
      sentence.map((word) => word.spoken.join(' ')),
    );
    if (match >= MIN_SENTENCE_MATCH && (best === null || match > best.match))
      best = { sentence, match };
  }
  return best?.sentence ?? null;
}

/** Longest common subsequence of two word lists, words of one stem counting as the same. */
function inOrderMatch(a: readonly string[], b: readonly string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const word of a) {
    const current = [0];
    b.forEach((other, index) => {
      current.push(
        sameStem(word, other)
          ? previous[index]! + 1
          : Math.max(previous[index + 1]!, current[index]!),
      );
    });
    previous = current;
  }
  return previous[b.length]!;
}
