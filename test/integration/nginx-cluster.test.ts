/**
 * Two scoring servers (the dist folder, plain `node`) behind Debian's nginx with the shipped
 * proxy settings, while clients score real answers without pause: an instance killed with
 * SIGKILL, then a rolling update by SIGTERM, must cost no request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingToolsReason } from '../helpers/speech-fixtures.js';
import {
  buildDistServer,
  ContinuousLoad,
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
      const instance = await startInstance(dist, keys, ['--drain-seconds', '50']);
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
            `retried on the other instance by nginx ${counts.retriedByBalancer}`,
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
            `retried on another instance by nginx ${counts.retriedByBalancer}`,
        );
        expect(load.outcomes.filter((o) => !o.ok)).toEqual([]);
        expect(counts.sent).toBeGreaterThanOrEqual(6);
      },
      PHASE_TIMEOUT_MS,
    );
  },
);
