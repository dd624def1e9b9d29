/**
 * The corpus's own train/test split, and the calibration fitted on its train speakers only.
 * The 60 test speakers of ../shared/so762 stay out of every fit and every choice made here, so
 * what they get is an external test (issue 19).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fitCalibration } from '../scripts/training/fit-calibration.js';
import type { Calibration, SecondModels } from '../src/engine/scoring/models/calibration.js';
import { audioChecks, type Corpus } from './so762-analyses.js';
import { heardIn } from './so762-cv.js';
import { externalTestFingerprint } from './fingerprint.js';
import {
  calibrationData,
  corpusPhoneNorms,
  FIRST_MODEL_ALONE,
  fitSecondModels,
  verificationRows,
} from './so762-rows.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const USERS_CACHE_DIR = join(ROOT, '.tmp/so762-users');

/**
 * speechocean762's test speakers (test/spk2age of github.com/jimbozhang/speechocean762) that
 * ../shared/so762 holds: 60 speakers, 342 utterances. Every other speaker there is a train one.
 */
export const TEST_SPEAKERS: ReadonlySet<string> = new Set(
  (
    '0024 0044 0093 0094 0111 0112 0120 0306 0461 0567 0736 0765 1030 1046 1050 1061 1076 1099 ' +
    '1109 1135 1181 1293 1404 1422 1501 1503 2002 2014 2030 2031 2112 2441 2448 2538 2740 2897 ' +
    '2917 3012 3014 3060 3075 3412 5039 5072 5220 5406 5432 6099 8068 8581 9088 9101 9118 9553 ' +
    '9601 9612 9617 9618 9623 9633'
  ).split(' '),
);

export function isTestSpeaker(speaker: string): boolean {
  return TEST_SPEAKERS.has(speaker);
}

/** The corpus's train speakers only: real readings and the negative cases built from them. */
export function trainPart(corpus: Corpus): Corpus {
  return {
    items: corpus.items.filter((item) => !isTestSpeaker(item.speaker)),
    cases: corpus.cases.filter((item) => !isTestSpeaker(item.case.speaker)),
  };
}

export function testPart(corpus: Corpus): Corpus {
  return {
    items: corpus.items.filter((item) => isTestSpeaker(item.speaker)),
    cases: corpus.cases.filter((item) => isTestSpeaker(item.case.speaker)),
  };
}

/** The shipped calibration's fit (scripts/calibrate.ts), on the corpus's train speakers only. */
export async function fitTrainOnly(corpus: Corpus): Promise<Calibration> {
  const train = trainPart(corpus);
  const norms = corpusPhoneNorms(train.items);
  // Only the real readings' audio checks set a bar (fit-calibration.ts, bothModelsBars).
  const checks = await audioChecks(train.items);
  return fitCalibration(
    calibrationData(train.items, train.cases, norms, heardIn(checks)),
    norms,
    'speechocean762 train speakers of ../shared/so762 (bench)',
  );
}

/** The train-only calibration, fitted once per fingerprint of its code and cached under .tmp. */
export async function trainOnlyCalibration(corpus: Corpus): Promise<Calibration> {
  const file = join(USERS_CACHE_DIR, `calibration-train-${externalTestFingerprint()}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Calibration;
  const calibration = await fitTrainOnly(corpus);
  mkdirSync(USERS_CACHE_DIR, { recursive: true });
  writeFileSync(file, JSON.stringify(calibration));
  return calibration;
}

/** The second acoustic model's delivery models and verifier, fitted on the train speakers only. */
export function trainOnlySecondModels(corpus: Corpus): SecondModels | undefined {
  const train = trainPart(corpus);
  // The second model's verifier is fitted on every case it analysed, heard or not.
  return fitSecondModels(train.items, verificationRows(train.cases, FIRST_MODEL_ALONE));
}
