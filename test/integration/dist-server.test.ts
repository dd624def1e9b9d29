/**
 * `npm run dist:server` builds a folder and a tarball that run with plain `node`: the tarball,
 * unpacked where no node_modules of the repository can be found, scores a real answer and
 * drains on SIGTERM as a container runtime or a load balancer expects.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingToolsReason } from '../helpers/speech-fixtures.js';
import {
  buildDistServer,
  CLUSTER_KEY,
  healthStatus,
  readJson,
  repeatSentenceAnswer,
  scoreThrough,
  startInstance,
  tempFolder,
  waitUntil,
  writeKeys,
  type ServerInstance,
} from './cluster-harness.js';

function folderBytes(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(path).reduce((sum, entry) => sum + folderBytes(join(path, entry)), 0);
}

describe('npm run dist:server', () => {
  const build = tempFolder('examiner-dist-build-');
  const unpacked = tempFolder('examiner-dist-run-');
  const dist = join(unpacked.path, 'server');
  const started: ServerInstance[] = [];
  let keys = '';

  beforeAll(async () => {
    await buildDistServer(join(build.path, 'server'));
    execFileSync('tar', ['-xzf', join(build.path, 'examiner-server-0.1.0.tgz')], {
      cwd: unpacked.path,
    });
    keys = writeKeys(unpacked.path);
  }, 120_000);

  afterAll(async () => {
    for (const instance of started) instance.child.kill('SIGKILL');
    await Promise.all(started.map((i) => i.exited));
    build.remove();
    unpacked.remove();
  });

  it('holds the bundle, the speech model and production packages only', () => {
    const manifest = readJson<{ dependencies: Record<string, string>; type: string }>(
      join(dist, 'package.json'),
    );
    expect(manifest.type).toBe('module');
    expect(Object.keys(manifest.dependencies).sort()).toEqual([
      '@moonshine-ai/moonshine-js',
      '@ricky0123/vad-web',
      'an-array-of-english-words',
      'onnxruntime-common',
      'onnxruntime-web',
      'soundswallower',
    ]);
    expect(readdirSync(join(dist, 'node_modules')).sort()).toEqual([
      '@moonshine-ai',
      '@ricky0123',
      'an-array-of-english-words',
      'onnxruntime-common',
      'onnxruntime-web',
      'soundswallower',
    ]);
    for (const file of [
      'server.js',
      'scoring-worker.js',
      'node_modules/soundswallower/soundswallower.node.wasm',
      'node_modules/soundswallower/model/en-us/mdef',
      'resources/models/en-us-16k/mdef',
      'node_modules/an-array-of-english-words/index.json',
      'node_modules/@ricky0123/vad-web/dist/silero_vad_v5.onnx',
      'node_modules/@moonshine-ai/moonshine-js/dist/model/tiny/quantized/encoder_model.onnx',
      'node_modules/@moonshine-ai/moonshine-js/dist/model/tiny/quantized/decoder_model_merged.onnx',
      'node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.wasm',
    ]) {
      expect(existsSync(join(dist, file)), file).toBe(true);
    }
    expect(existsSync(join(dist, 'node_modules/soundswallower/model/fr-fr'))).toBe(false);
    expect(existsSync(join(dist, 'node_modules/@ricky0123/vad-web/dist/bundle.min.js'))).toBe(
      false,
    );
    expect(existsSync(join(dist, 'node_modules/onnxruntime-web/dist/ort.all.min.mjs'))).toBe(false);
    const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
    const tarball = statSync(join(build.path, 'examiner-server-0.1.0.tgz')).size;
    console.log(`dist:server folder ${mib(folderBytes(dist))} MiB, tarball ${mib(tarball)} MiB`);
    // Moonshine's two models (27 MiB) and onnxruntime-web's WebAssembly (14 MiB) are most of it.
    expect(folderBytes(dist)).toBeLessThan(90 * 2 ** 20);
  });

  it.skipIf(missingToolsReason())(
    'starts with plain node on a free port and scores a real answer',
    async () => {
      const instance = await startInstance(dist, keys);
      started.push(instance);
      const base = `http://127.0.0.1:${instance.port}`;
      const scored = await scoreThrough(base, await repeatSentenceAnswer());
      expect(scored).toMatchObject({ ok: true, status: 200, content: 3 });
      const dictation = await fetch(`${base}/exam/listening/wfd`, {
        method: 'POST',
        headers: { authorization: CLUSTER_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ question: 'the cat sat down', responseUser: 'the cat sat down' }),
      });
      expect(dictation.status).toBe(200);
      expect(((await dictation.json()) as { success: boolean }).success).toBe(true);
    },
    120_000,
  );

  it.skipIf(missingToolsReason())(
    'scores with the vendored 16 kHz model when EXAMINER_SPEECH_MODEL names it',
    async () => {
      const instance = await startInstance(dist, keys, [], { EXAMINER_SPEECH_MODEL: 'en-us-16k' });
      started.push(instance);
      const scored = await scoreThrough(
        `http://127.0.0.1:${instance.port}`,
        await repeatSentenceAnswer(),
      );
      expect(scored).toMatchObject({ ok: true, status: 200, content: 3 });
    },
    120_000,
  );

  it.skipIf(missingToolsReason())(
    'drains on SIGTERM: finishes what it admitted, answers 503 to /health and new work, exits 0',
    async () => {
      // The image's drain: 50 s, room for four answers on one worker of a crowded machine.
      const instance = await startInstance(dist, keys, [
        '--max-jobs',
        '8',
        '--drain-seconds',
        '50',
      ]);
      started.push(instance);
      const base = `http://127.0.0.1:${instance.port}`;
      const answer = await repeatSentenceAnswer();
      // One worker: four answers are one being scored and three waiting for it.
      const admitted = Array.from({ length: 4 }, () => scoreThrough(base, answer));
      await waitUntil(() => instance.inFlight().length === 4, {
        timeoutMs: 30_000,
        what: 'four answers admitted',
      });
      instance.child.kill('SIGTERM');

      await waitUntil(async () => (await healthStatus(base)) === 503, {
        timeoutMs: 30_000,
        what: '/health answering 503 while draining',
      });
      const refused = await fetch(`${base}/exam/speaking/rs`, {
        method: 'POST',
        headers: { authorization: CLUSTER_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ audioUrl: answer, refText: 'the students finished' }),
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('connection')).toBe('close');
      expect(
        ((await refused.json()) as { data: { error: { code: string } } }).data.error.code,
      ).toBe('OVERLOADED');

      const outcomes = await Promise.all(admitted);
      expect(outcomes.map((o) => [o.status, o.content])).toEqual(outcomes.map(() => [200, 3]));
      expect(await instance.exited).toBe(0);
      expect(await healthStatus(base)).toBe('refused');
    },
    120_000,
  );
});
