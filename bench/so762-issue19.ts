/**
 * Issue 19's measurements, run at the end of `npm run bench:so762` or alone with
 * `npm run bench:so762 -- --users`: the case families an examiner meets, scored with the
 * calibration fitted on the corpus-train speakers, and the external test on the corpus-test
 * speakers. Writes bench/results/so762-users.md (so762-users-<model>.md for another acoustic model). `-- --users --families music,slow3` scores
 * only those families and prints their rows (no external test, nothing written).
 */
import { writeFileSync } from 'node:fs';
import { resultFile } from './result-file.js';
import { loadCorpus } from './so762-analyses.js';
import { readLabels } from './so762-corpus.js';
import { externalSection, externalTest } from './so762-external.js';
import { testPart, trainOnlyCalibration, trainOnlySecondModels } from './so762-split.js';
import { FAMILIES, festivalAvailable, type Family } from './so762-user-cases.js';
import { scoreUserCases, unsureReadingsRow, userRows, userSection } from './so762-users.js';

export async function runIssue19Bench(log: (line: string) => void = console.log): Promise<void> {
  const corpus = await loadCorpus(log);
  const calibration = await trainOnlyCalibration(corpus);
  const fullReadings = new Map(corpus.items.map((item) => [item.id, item]));
  const { cases, outcomes } = await scoreUserCases(readLabels(), fullReadings, calibration, {
    log,
    second: trainOnlySecondModels(corpus),
  });
  const external = await externalTest(corpus, log);
  const report = [
    '# speechocean762: the cases an examiner meets, and the external test (issue 19)',
    '',
    `Date: ${new Date().toISOString().slice(0, 10)}. Command: \`npm run bench:so762 -- --users\` (also printed at the end of \`npm run bench:so762\`).`,
    'Engine: as on the branch that ran it; cases scored through `scoreAudioUrl` (file: URL, decode, audio check, recognition, scoring: the HTTP route minus the HTTP layer), with the calibration fitted on the corpus-train speakers only (`fitCalibration` as `scripts/calibrate.ts` calls it).',
    `Cases: built from the 60 corpus-test speakers of ../shared/so762 (bench/so762-user-cases.ts), seeded. Unsaid words after a cut: the cut falls at the middle of the speech by level; a word counts as unsaid only when its start, by the forced alignment of the full reading (not of the cut audio under test), is at least 250 ms after the cut. Festival: ${festivalAvailable() ? 'Debian `festival` (kal_diphone voice)' : 'not installed, skipped'}.`,
    '',
    ...userSection([...userRows(cases, outcomes), unsureReadingsRow(testPart(corpus).items)]),
    '',
    ...externalSection(external),
    '',
  ].join('\n');
  writeFileSync(resultFile('so762-users'), report);
  console.log(report);
}

/** Only the named families, printed: a quick look while the engine changes. */
export async function runIssue19Families(
  names: readonly string[],
  log: (line: string) => void = console.log,
): Promise<void> {
  const families = FAMILIES.filter((family: Family) => names.includes(family));
  // The train-only calibration needs every corpus reading analysed: build what the cache lacks.
  const corpus = await loadCorpus(log);
  const calibration = await trainOnlyCalibration(corpus);
  const fullReadings = new Map(corpus.items.map((item) => [item.id, item]));
  const { cases, outcomes } = await scoreUserCases(readLabels(), fullReadings, calibration, {
    families,
    log,
    second: trainOnlySecondModels(corpus),
  });
  const rows = userRows(cases, outcomes).filter((row) => row.n > 0);
  console.log(userSection(rows).join('\n'));
}
