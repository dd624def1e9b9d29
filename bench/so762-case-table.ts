import { CASE_KINDS, isRendition, type CaseKind } from './so762-cases.js';
import type { CaseOutcome } from './so762-cv.js';

/** What each kind of case got (so762-cases.ts), as the nested CV and the external test report it. */
export function caseTable(outcomes: readonly CaseOutcome[]): string[] {
  return [
    'Refused: NO_SPEECH. Unscorable: status 2 (content 0, pronunciation 0, fluency 0). Low: content ≤ 1 and overall ≤ 2.',
    '',
    '| Case | n | Refused | Unscorable | Refused or unscorable | Low | Scored | Scored with a caution | Content 3 / 2 / 1 / 0 |',
    '|---|---|---|---|---|---|---|---|---|',
    ...CASE_KINDS.map((kind) =>
      caseRow(
        kind,
        outcomes.filter((outcome) => outcome.kind === kind),
      ),
    ),
    '',
    ...copyTable(outcomes),
  ];
}

/** The readings recorded again in noise or in an echoing room, against the same readings as recorded. */
const COPIES: readonly CaseKind[] = ['snr20', 'snr10', 'snr5', 'room'];

/** Whether each degraded copy got what its own reading got: the same content, `overall` within 0.5. */
function copyTable(outcomes: readonly CaseOutcome[]): string[] {
  const asRecorded = new Map(
    outcomes.filter((outcome) => outcome.kind === 'real').map((o) => [o.labelId, o]),
  );
  return [
    "| Copy of a reading | n | Content as the reading's | `overall` within 0.5 of the reading's | Mean `overall` change |",
    '|---|---|---|---|---|',
    ...COPIES.map((kind) => {
      const pairs = outcomes.flatMap((copy) => {
        const own = copy.kind === kind ? asRecorded.get(copy.labelId) : undefined;
        return own ? [{ copy, own }] : [];
      });
      const count = (test: (pair: (typeof pairs)[number]) => boolean): string =>
        share(pairs.filter(test).length, pairs.length);
      const change =
        pairs.reduce((sum, { copy, own }) => sum + copy.overall - own.overall, 0) /
        Math.max(1, pairs.length);
      return `| ${kind} | ${pairs.length} | ${count(({ copy, own }) => copy.content === own.content)} | ${count(({ copy, own }) => Math.abs(copy.overall - own.overall) <= 0.5)} | ${change.toFixed(2)} |`;
    }),
  ];
}

function caseRow(kind: CaseKind, cases: readonly CaseOutcome[]): string {
  const n = cases.length;
  const count = (test: (outcome: CaseOutcome) => boolean): number => cases.filter(test).length;
  const scored = (outcome: CaseOutcome): boolean => !outcome.refused && !outcome.unscorable;
  const contents = [3, 2, 1, 0].map((mark) =>
    count((o) => scored(o) && Math.round(o.content) === mark),
  );
  const name = isRendition(kind) ? `${kind} (the sentence said)` : kind;
  const cells = [
    count((o) => o.refused),
    count((o) => o.unscorable),
    count((o) => o.refused || o.unscorable),
    count((o) => o.content <= 1 && o.overall <= 2),
    count(scored),
    count((o) => scored(o) && o.caution),
  ].map((value) => share(value, n));
  return `| ${name} | ${n} | ${cells.join(' | ')} | ${contents.join(' / ')} |`;
}

function share(count: number, total: number): string {
  return `${count}/${total} (${total > 0 ? ((100 * count) / total).toFixed(0) : '–'}%)`;
}
