/**
 * A sample of the cases sent through the real HTTP path: the server started from its CLI with
 * the shipped calibration, each answer posted to /exam/speaking/rs as a file: URL. What it
 * prints is what a client receives.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { encodeWav } from '../test/helpers/speech-fixtures.js';
import { startServer, waitUntilHealthy } from './server-process.js';
import { caseAudio, type Case, type CaseKind } from './so762-cases.js';

const KEY = 'bench-so762-key-0123456789';

export interface HttpOutcome {
  kind: CaseKind;
  httpStatus: number;
  code: string | null;
  content: number | null;
  overall: number | null;
  statuses: number[];
}

/** Posts every case (its audio written as a WAV under a temporary audio root). */
export async function scoreOverHttp(cases: readonly Case[]): Promise<HttpOutcome[]> {
  const folder = mkdtempSync(join(tmpdir(), 'examiner-bench-http-'));
  const server = await startServer([KEY], ['--audio-root', folder]);
  const url = `http://127.0.0.1:${server.port}`;
  try {
    await waitUntilHealthy(server.port);
    const outcomes: HttpOutcome[] = [];
    for (const [index, item] of cases.entries()) {
      const path = join(folder, `${index}.wav`);
      writeFileSync(path, encodeWav(await caseAudio(item)));
      const response = await fetch(`${url}/exam/speaking/rs`, {
        method: 'POST',
        headers: { authorization: KEY, 'content-type': 'application/json' },
        body: JSON.stringify({
          audioUrl: pathToFileURL(path).href,
          refText: item.text,
          scale: 5,
          precision: 0.1,
        }),
      });
      const body = (await response.json()) as {
        data?: {
          components?: Array<{ name: string; score: number; status: number }>;
          error?: { code: string };
        };
      };
      const components = body.data?.components ?? [];
      const score = (name: string): number | null =>
        components.find((component) => component.name === name)?.score ?? null;
      outcomes.push({
        kind: item.kind,
        httpStatus: response.status,
        code: body.data?.error?.code ?? null,
        content: score('score_content'),
        overall: score('overall'),
        statuses: components.map((component) => component.status),
      });
    }
    return outcomes;
  } finally {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
