/**
 * Issue 13, finding 14: a process killed between writing a recording and inserting its row
 * leaves a file nothing refers to. The next start removes it, and nothing else.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORPHAN_MIN_AGE_MS } from '../../src/main/recordings/recordings.js';
import { startQuietCore } from './main-harness.js';
import { tempDir } from '../helpers/temp-dir.js';

const WAV = Buffer.from('RIFF....WAVEfmt fake audio bytes').toString('base64');

/** Writes a recording the way the app does, in a child process killed before any row exists. */
async function killedAfterWriting(recordings: string): Promise<string> {
  // Node itself, not the tsx wrapper: SIGKILL must reach the process that wrote the file.
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { saveRecording } from './src/main/recordings/recordings.ts';
       void saveRecording(process.argv[1], Buffer.from('half an answer'), 'audio/webm').then(
         (saved) => console.log(saved.path),
       );
       setInterval(() => {}, 1000);`,
      recordings,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const path = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`writer exited with ${code}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  return path;
}

function age(path: string, ms: number): void {
  const then = new Date(Date.now() - ms);
  utimesSync(path, then, then);
}

describe('orphan recordings', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => (dir = tempDir('examiner-orphans-')));
  afterEach(() => dir.remove());

  it('are removed at start; recordings with attempts and files the app did not make stay', async () => {
    const recordings = join(dir.path, 'recordings');
    const first = await startQuietCore(dir.path);
    const candidate = (await first.dispatch('candidates.create', { name: 'Ana' })) as {
      id: number;
    };
    const item = (await first.dispatch('items.create', {
      task: 'rs',
      title: 'RS',
      refText: 'the cat sat',
    })) as { id: number };
    await first.dispatch('attempts.submitSpeaking', {
      candidateId: candidate.id,
      itemId: item.id,
      audioBase64: WAV,
      mimeType: 'audio/wav',
    });
    await first.close();
    const [kept] = readdirSync(recordings);

    const orphan = await killedAfterWriting(recordings);
    const youngOrphan = await killedAfterWriting(recordings);
    mkdirSync(join(recordings, 'mine'));
    writeFileSync(join(recordings, 'notes.txt'), 'the examiner keeps notes here');
    writeFileSync(join(recordings, 'interview.webm'), 'a recording made elsewhere');
    for (const name of [kept!, 'notes.txt', 'interview.webm']) {
      age(join(recordings, name), 2 * ORPHAN_MIN_AGE_MS);
    }
    age(orphan, ORPHAN_MIN_AGE_MS + 60_000);

    const second = await startQuietCore(dir.path);
    await second.close();

    expect(existsSync(orphan)).toBe(false);
    // Possibly still being written by another instance on the same folder.
    expect(existsSync(youngOrphan)).toBe(true);
    expect(readdirSync(recordings).sort()).toEqual(
      [kept!, 'interview.webm', 'mine', 'notes.txt', youngOrphan.split('/').at(-1)!].sort(),
    );
  });
});
