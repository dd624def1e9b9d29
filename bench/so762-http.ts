/**
 * A sample of the cases sent through the real HTTP path: the server started from its CLI with
 * the shipped calibration, each answer posted to /exam/speaking/rs as a file: URL. What it
 * prints is what a client receives.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { encodeWav } from '../test/helpers/speech-fixtures.js';
import { caseAudio, type Case, type CaseKind } from './so762-cases.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const KEY = 'bench-so762-key-0123456789';

export interface HttpOutcome {
  kind: CaseKind;
  httpStatus: number;
  code: string | null;
  content: number | null;
  overall: number | null;
  statuses: number[];
}

async function startServer(audioRoot: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'src/server/cli.ts'), '--port', '0', '--audio-root', audioRoot],
    {
      cwd: ROOT,
      env: { ...process.env, EXAMINER_API_KEYS: KEY },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const url = await new Promise<string>((resolveUrl, reject) => {
    let seen = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/u.exec(seen);
      if (match) resolveUrl(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${seen.slice(-500)}`)));
  });
  for (let tries = 0; tries < 600; tries += 1) {
    const health = await fetch(`${url}/health`).catch(() => null);
    if (health?.status === 200) return { child, url };
    await new Promise((wait) => setTimeout(wait, 100));
  }
  child.kill();
  throw new Error('the server never became healthy');
}

/** Posts every case (its audio written as a WAV under a temporary audio root). */
export async function scoreOverHttp(cases: readonly Case[]): Promise<HttpOutcome[]> {
  const folder = mkdtempSync(join(tmpdir(), 'examiner-bench-http-'));
  const { child, url } = await startServer(folder);
  try {
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
    child.kill('SIGTERM');
    rmSync(folder, { recursive: true, force: true });
  }
}
