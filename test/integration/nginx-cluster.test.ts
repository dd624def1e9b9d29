/**
 * Two scoring servers (the dist folder, plain `node`) behind Debian's nginx with the shipped
 * proxy settings, while clients score real answers without pause: an instance killed with
 * SIGKILL, then a rolling update by SIGTERM, must cost no request.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttemptDetail } from '../../src/shared/app-api.js';
import { createAppCore } from '../../src/main/core/create-app-core.js';
import { silentLogger } from '../../src/main/logging/logger.js';
import { FileSecretStore } from '../../src/main/secrets/file-secret-store.js';
import { missingToolsReason, READING_SENTENCE, spokenReading } from '../helpers/speech-fixtures.js';
import {
  buildDistServer,
  CLUSTER_KEY,
  ContinuousLoad,
  healthStatus,
  missingNginxReason,
  Nginx,
  repeatSentenceAnswer,
  report,
  scoreThrough,
  startInstance,
  tempFolder,
  waitUntil,
  writeKeys,
  type ServerInstance,
} from './cluster-harness.js';

/** Clients scoring at once: one instance alone (max-jobs 2) still takes them all. */
const CLIENTS = 2;
const PHASE_TIMEOUT_MS = 240_000;
/** Answers queued on each instance to keep it draining while the app meets the cluster. */
const BACKLOG = 4;

describe.skipIf(missingNginxReason() ?? missingToolsReason())(
  'nginx in front of two scoring servers',
  () => {
    const folder = tempFolder('examiner-cluster-');
    const dist = `${folder.path}/server`;
    const nginx = new Nginx();
    const instances: ServerInstance[] = [];
    let keys = '';
    let audioUrl = '';

    const start = async (): Promise<ServerInstance> => {
      // Room for the app test's backlog of answers sent straight to each instance.
      const options = ['--drain-seconds', '50', '--max-jobs', String(BACKLOG)];
      const instance = await startInstance(dist, keys, options);
      instances.push(instance);
      return instance;
    };
    const live = () => instances.filter((i) => i.child.exitCode === null && !i.child.signalCode);
    const addresses = () => live().map((i) => i.address);

    beforeAll(async () => {
      keys = writeKeys(folder.path);
      [audioUrl] = await Promise.all([repeatSentenceAnswer(), buildDistServer(dist)]);
      await Promise.all([start(), start()]);
      await nginx.start(addresses());
      const first = await scoreThrough(nginx.url, audioUrl);
      expect(first).toMatchObject({ ok: true, status: 200, content: 3 });
    }, 240_000);

    afterAll(async () => {
      await nginx.stop();
      for (const instance of instances) instance.child.kill('SIGKILL');
      await Promise.all(instances.map((i) => i.exited));
      nginx.remove();
      folder.remove();
    });

    it(
      'loses no answer when an instance is killed with SIGKILL mid-answer',
      async () => {
        const [victim] = live();
        const load = new ContinuousLoad(nginx.url, audioUrl, CLIENTS);
        await load.answers(4);
        await waitUntil(() => victim!.inFlight().length > 0, {
          timeoutMs: 60_000,
          what: 'the victim scoring an answer',
        });
        const busyAtKill = victim!.inFlight().length;
        victim!.child.kill('SIGKILL');
        expect(await victim!.exited).toBe('SIGKILL');
        await load.answers(6);
        await load.stop();
        const counts = report(load.outcomes);
        console.log(
          `nginx failover (SIGKILL of 1 of 2 instances, ${busyAtKill} answer(s) in flight on it): ` +
            `sent ${counts.sent}, succeeded ${counts.succeeded}, failed ${counts.failed}, ` +
            `retried on the other instance by nginx ${counts.retriedByBalancer}, ` +
            `resent by the client after a closed connection ${counts.resentByClient}`,
        );
        expect(load.outcomes.filter((o) => !o.ok)).toEqual([]);
        expect(counts.retriedByBalancer).toBeGreaterThanOrEqual(1);
        await nginx.reload(addresses());
      },
      PHASE_TIMEOUT_MS,
    );

    it(
      'loses no answer in a rolling update: each in-flight answer completes where it started',
      async () => {
        // The killed instance's replacement comes first, as a Deployment would start it.
        await start();
        await nginx.reload(addresses());
        const load = new ContinuousLoad(nginx.url, audioUrl, CLIENTS);
        await load.answers(2);
        const drained: Array<{ inFlight: number; exit: number | string }> = [];
        for (const old of live()) {
          const replacement = await start();
          await nginx.reload([...addresses()]);
          await waitUntil(() => old.inFlight().length > 0, {
            timeoutMs: 60_000,
            what: 'the old instance scoring an answer',
          });
          const inFlight = old.inFlight();
          old.child.kill('SIGTERM');
          const exit = await old.exited;
          drained.push({ inFlight: inFlight.length, exit });
          // Every answer it had begun was answered by it, in full.
          expect(inFlight.map((id) => old.requests.get(id)?.status)).toEqual(
            inFlight.map(() => 200),
          );
          expect(exit).toBe(0);
          await nginx.reload(addresses());
          expect(addresses()).toContain(replacement.address);
          await load.answers(2);
          if (drained.length === 2) break;
        }
        await load.stop();
        const counts = report(load.outcomes);
        console.log(
          `nginx rolling update (2 instances replaced by SIGTERM, ` +
            `${drained.map((d) => d.inFlight).join(' and ')} answer(s) in flight at SIGTERM): ` +
            `sent ${counts.sent}, succeeded ${counts.succeeded}, failed ${counts.failed}, ` +
            `retried on another instance by nginx ${counts.retriedByBalancer}, ` +
            `resent by the client after a closed connection ${counts.resentByClient}`,
        );
        expect(load.outcomes.filter((o) => !o.ok)).toEqual([]);
        expect(counts.sent).toBeGreaterThanOrEqual(6);
      },
      PHASE_TIMEOUT_MS,
    );

    it(
      'the app, given the balancer’s URL, queues through a 503 and a dropped connection and scores',
      async () => {
        const data = tempFolder('examiner-cluster-app-');
        const core = await createAppCore(
          {
            host: 'browser',
            appVersion: '0.0.0-cluster',
            dataDir: data.path,
            secretStore: new FileSecretStore(join(data.path, 'api-key')),
            serverEntry: {
              modulePath: join(import.meta.dirname, 'main-fake-engine.ts'),
              execArgv: ['--import', 'tsx'],
            },
          },
          {
            logger: silentLogger(),
            // One try per turn of the queue: the 503 reaches the queue at once, within the drain.
            client: { maxRetries: 0 },
            queue: { probeIntervalMs: 200 },
          },
        );
        const call = <T>(method: string, input: unknown = {}) =>
          core.dispatch(method, input) as Promise<T>;
        const attempt = (id: number) => call<AttemptDetail>('attempts.get', { id });
        try {
          await call('settings.update', { endpointMode: 'remote', remoteBaseUrl: nginx.url });
          await call('settings.setApiKey', { key: CLUSTER_KEY });
          const connection = await call<{ ok: boolean }>('settings.testConnection');
          expect(connection.ok).toBe(true);
          const candidate = await call<{ id: number }>('candidates.create', { name: 'Cluster' });
          const item = await call<{ id: number }>('items.create', {
            task: 'rs',
            title: 'Cluster RS',
            refText: READING_SENTENCE,
          });
          const wav = await spokenReading();
          const submit = () =>
            call<{ id: number }>('attempts.submitSpeaking', {
              candidateId: candidate.id,
              itemId: item.id,
              audioBase64: Buffer.from(wav).toString('base64'),
              mimeType: 'audio/wav',
            });
          const scored = async (id: number) => (await attempt(id)).status === 'scored';

          // Every instance draining: nginx has only 503 OVERLOADED to give.
          const busy = live();
          const backlog = busy.flatMap((i) =>
            Array.from({ length: BACKLOG }, () => scoreThrough(`http://${i.address}`, audioUrl)),
          );
          await waitUntil(() => busy.every((i) => i.inFlight().length === BACKLOG), {
            timeoutMs: 60_000,
            what: 'every instance holding a backlog',
          });
          for (const instance of busy) instance.child.kill('SIGTERM');
          // Asked directly: through nginx each 503 would count against the instance's max_fails.
          await waitUntil(
            async () =>
              (await Promise.all(busy.map((i) => healthStatus(`http://${i.address}`)))).every(
                (status) => status === 503,
              ),
            { timeoutMs: 30_000, what: 'every instance draining' },
          );
          const first = await submit();
          await waitUntil(async () => (await attempt(first.id)).status === 'failed_retryable', {
            timeoutMs: 60_000,
            what: 'the attempt queued for retry',
          });
          expect((await attempt(first.id)).errorDetail).toMatch(/^HTTP 503 OVERLOADED/u);
          expect((await Promise.all(backlog)).map((o) => o.status)).toEqual(backlog.map(() => 200));
          await Promise.all(busy.map((i) => i.exited));
          // New instances: the queue finds the cluster answering and sends the attempt.
          await Promise.all([start(), start()]);
          await nginx.reload(addresses());
          await waitUntil(() => scored(first.id), { timeoutMs: 60_000, what: 'first scored' });
          expect((await attempt(first.id)).scores.content).toBe(3);

          // The balancer itself goes away mid-answer: the connection drops, the answer waits.
          const second = await submit();
          await waitUntil(() => live().some((i) => i.inFlight().length > 0), {
            timeoutMs: 60_000,
            what: 'the second answer reaching an instance',
          });
          const port = nginx.port;
          await nginx.stop('SIGTERM');
          await waitUntil(async () => (await attempt(second.id)).status === 'failed_retryable', {
            timeoutMs: 60_000,
            what: 'the second attempt queued for retry',
          });
          expect((await attempt(second.id)).errorMessage).toMatch(/Could not reach/u);
          await nginx.start(addresses(), port);
          await waitUntil(() => scored(second.id), { timeoutMs: 60_000, what: 'second scored' });
          expect((await attempt(second.id)).scores.content).toBe(3);
        } finally {
          await core.close();
          data.remove();
        }
      },
      PHASE_TIMEOUT_MS,
    );
  },
);
