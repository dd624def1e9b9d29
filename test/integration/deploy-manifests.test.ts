/**
 * The Kubernetes manifests in deploy/kubernetes, validated against the Kubernetes OpenAPI
 * schema (compiled by the kubernetes-models package), and checked to agree with each other,
 * with the server's scoring budget, and with the Compose file and the Dockerfile.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { Secret, Service } from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { DEFAULT_JOB_BUDGET } from '../../src/server/workers/job-budget.js';
import { ROOT } from './cluster-harness.js';

const K8S = join(ROOT, 'deploy', 'kubernetes');

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  [field: string]: unknown;
}

const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1 Deployment': Deployment,
  'v1 Service': Service,
  'v1 Secret': Secret,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
};

function validate(manifest: Manifest): void {
  const Model = MODELS[`${manifest.apiVersion} ${manifest.kind}`];
  if (!Model) throw new Error(`no schema for ${manifest.apiVersion} ${manifest.kind}`);
  new Model(manifest as never).validate();
}

function manifests(): Manifest[] {
  return readdirSync(K8S)
    .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
    .flatMap((file) =>
      parseAllDocuments(readFileSync(join(K8S, file), 'utf8')).map((doc) => {
        if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0]!.message}`);
        return doc.toJS() as Manifest;
      }),
    );
}

function byKind<T>(kind: string): T {
  const found = manifests().filter((m) => m.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0] as T;
}

interface Probe {
  httpGet: { path: string; port: string };
  periodSeconds: number;
  failureThreshold: number;
}

interface DeploymentShape {
  metadata: { name: string };
  spec: {
    selector: { matchLabels: Record<string, string> };
    strategy: { rollingUpdate: { maxSurge: number; maxUnavailable: number } };
    template: {
      metadata: { labels: Record<string, string> };
      spec: {
        terminationGracePeriodSeconds: number;
        securityContext: { runAsNonRoot: boolean };
        containers: Array<{
          args: string[];
          resources: { requests: { cpu: string; memory: string } };
          readinessProbe: Probe;
          livenessProbe: Probe;
          startupProbe: Probe;
          lifecycle: { preStop: { exec: { command: string[] } } };
          volumeMounts: Array<{ name: string; mountPath: string }>;
        }>;
        volumes: Array<{ name: string; secret: { secretName: string } }>;
      };
    };
  };
}

function argValue(args: string[], name: string): string {
  const arg = args.find((a) => a.startsWith(`--${name}=`));
  if (!arg) throw new Error(`--${name} is not set`);
  return arg.slice(name.length + 3);
}

describe('Kubernetes manifests', () => {
  it('validate against the Kubernetes OpenAPI schema', () => {
    const all = manifests();
    expect(all.map((m) => m.kind).sort()).toEqual([
      'Deployment',
      'HorizontalPodAutoscaler',
      'PodDisruptionBudget',
      'Secret',
      'Service',
    ]);
    for (const manifest of all) expect(() => validate(manifest), manifest.kind).not.toThrow();
  });

  it('are refused by the same schema when a field has the wrong type or is missing', () => {
    const deployment = byKind<DeploymentShape & Manifest>('Deployment');
    const wrongType = structuredClone(deployment) as unknown as { spec: { replicas: unknown } };
    wrongType.spec.replicas = 'two';
    expect(() => validate(wrongType as unknown as Manifest)).toThrow(/replicas/u);
    const noSelector = structuredClone(deployment) as unknown as { spec: { selector?: unknown } };
    delete noSelector.spec.selector;
    expect(() => validate(noSelector as unknown as Manifest)).toThrow(/selector/u);
  });

  it('give a stopping pod time to drain the longest answer', () => {
    const deployment = byKind<DeploymentShape>('Deployment');
    const pod = deployment.spec.template.spec;
    const [container] = pod.containers;
    const preStopSeconds = Number(container!.lifecycle.preStop.exec.command[1]);
    const drainSeconds = Number(argValue(container!.args, 'drain-seconds'));
    expect(drainSeconds * 1000).toBeGreaterThan(DEFAULT_JOB_BUDGET.capMs);
    // The server exits at most 5 s after its drain.
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(
      preStopSeconds + drainSeconds + 5,
    );
    // Liveness does not kill a pod whose /health answers 503 because it drains.
    const liveness = container!.livenessProbe;
    expect(liveness.periodSeconds * liveness.failureThreshold).toBeGreaterThan(drainSeconds);
    for (const probe of [
      container!.readinessProbe,
      container!.livenessProbe,
      container!.startupProbe,
    ]) {
      expect(probe.httpGet).toEqual({ path: '/health', port: 'http' });
    }
    expect(deployment.spec.strategy.rollingUpdate).toEqual({ maxSurge: 1, maxUnavailable: 0 });
  });

  it('size workers to the CPU request, run as non-root, and read keys from the Secret', () => {
    const deployment = byKind<DeploymentShape>('Deployment');
    const pod = deployment.spec.template.spec;
    const [container] = pod.containers;
    expect(argValue(container!.args, 'workers')).toBe(container!.resources.requests.cpu);
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    const keys = argValue(container!.args, 'keys');
    const mount = container!.volumeMounts.find((m) => keys.startsWith(`${m.mountPath}/`));
    const volume = pod.volumes.find((v) => v.name === mount?.name);
    const secret = byKind<{ metadata: { name: string }; stringData: Record<string, string> }>(
      'Secret',
    );
    expect(volume?.secret.secretName).toBe(secret.metadata.name);
    expect(Object.keys(secret.stringData)).toEqual([keys.slice(mount!.mountPath.length + 1)]);
  });

  it('point the Service, the budget and the autoscaler at the Deployment’s pods', () => {
    const deployment = byKind<DeploymentShape>('Deployment');
    const labels = deployment.spec.template.metadata.labels;
    expect(deployment.spec.selector.matchLabels).toEqual(labels);
    const service = byKind<{ spec: { selector: Record<string, string> } }>('Service');
    expect(service.spec.selector).toEqual(labels);
    const budget = byKind<{ spec: { selector: { matchLabels: Record<string, string> } } }>(
      'PodDisruptionBudget',
    );
    expect(budget.spec.selector.matchLabels).toEqual(labels);
    const hpa = byKind<{
      spec: { scaleTargetRef: { kind: string; name: string }; metrics: Array<{ type: string }> };
    }>('HorizontalPodAutoscaler');
    expect(hpa.spec.scaleTargetRef).toMatchObject({
      kind: 'Deployment',
      name: deployment.metadata.name,
    });
    expect(hpa.spec.metrics).toEqual([
      expect.objectContaining({
        type: 'Resource',
        resource: expect.objectContaining({ name: 'cpu' }),
      }),
    ]);
    const kustomization = parseYaml(readFileSync(join(K8S, 'kustomization.yaml'), 'utf8')) as {
      resources: string[];
    };
    expect(kustomization.resources.sort()).toEqual([
      'deployment.yaml',
      'hpa.yaml',
      'pdb.yaml',
      'service.yaml',
    ]);
  });
});

describe('Compose file and Dockerfile', () => {
  it('run two instances behind nginx with the shared proxy settings', () => {
    const compose = parseYaml(readFileSync(join(ROOT, 'deploy/compose/compose.yaml'), 'utf8'), {
      merge: true,
    }) as {
      services: Record<
        string,
        { command?: string[]; stop_grace_period?: string; volumes?: string[] }
      >;
    };
    const scoring = Object.entries(compose.services).filter(([name]) => name.startsWith('scoring'));
    expect(scoring).toHaveLength(2);
    for (const [, service] of scoring) {
      const drain = Number(argValue(service.command!, 'drain-seconds'));
      expect(Number.parseInt(service.stop_grace_period!, 10)).toBeGreaterThan(drain);
    }
    expect(compose.services.balancer!.volumes).toContain(
      '../nginx/scoring-proxy.conf:/etc/nginx/examiner/scoring-proxy.conf:ro',
    );
    const nginx = readFileSync(join(ROOT, 'deploy/compose/nginx.conf'), 'utf8');
    for (const [name] of scoring) expect(nginx).toContain(`server ${name}:8080`);
    expect(nginx).toContain('include /etc/nginx/examiner/scoring-proxy.conf;');
  });

  it('builds on the engines’ Node major, runs as a user, and checks /health', () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    const engines = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
        engines: { node: string };
      }
    ).engines.node;
    const major = /\^(\d+)\./u.exec(engines)![1];
    expect(dockerfile).toContain(`ARG NODE_IMAGE=node:${major}-bookworm-slim`);
    expect(dockerfile).toMatch(/^USER node$/mu);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/health/mu);
    expect(dockerfile).toContain('COPY --from=build /src/dist/server/ /app/');
  });

  it('gives the build stage every file `npm run dist:server` reads from the checkout', () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    // The calibrations are bundled; the 16 kHz model, the default engine's second opinion, is
    // copied beside the bundle (scripts/dist-server.mjs, copyVendoredModels).
    for (const path of ['resources/calibration', 'resources/models', 'scripts/dist-server.mjs'])
      expect(dockerfile).toMatch(new RegExp(`^COPY ${path}`, 'mu'));
  });
});
