/**
 * Load test of the scoring server on loopback: the real CLI in its own process, autocannon
 * in this one. Prints requests/second and latency for scored dictation answers and for
 * requests refused for a bad key, then stops the server. `npm run bench:load [-- --seconds N]`.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

const KEY = 'bench-key-0123456789abcdef';
const READY_LINE = /^EXAMINER_SERVER_READY \{"port":(\d+)\}$/u;
const WFD_BODY = JSON.stringify({
  question: 'The university library will be closed for renovation during the summer holidays.',
  responseUser: 'the univercity library will be closed for renovation during summer holiday',
});

interface Scenario {
  name: string;
  key: string;
  expectStatus: number;
}

const SCENARIOS: Scenario[] = [
  { name: 'wfd scored (200)', key: KEY, expectStatus: 200 },
  { name: 'bad key refused (401)', key: 'not-a-key', expectStatus: 401 },
];

function startServer(): Promise<{ port: number; stop: () => Promise<void> }> {
  const child = spawn(
    'node_modules/.bin/tsx',
    ['src/server/cli.ts', '--port', '0', '--rate-limit', '0', '--log-level', 'warn'],
    { env: { ...process.env, EXAMINER_API_KEYS: KEY }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = READY_LINE.exec(line);
      if (match) resolve({ port: Number(match[1]), stop });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** The speech engine loads after the ready line; measuring before it settles would mix the two. */
async function waitUntilHealthy(port: number): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const response = await fetch(`http://127.0.0.1:${port}/health`);
    await response.body?.cancel();
    if (response.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become healthy within 60 s');
}

async function run(port: number, scenario: Scenario, seconds: number, connections: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/exam/listening/wfd`,
    method: 'POST',
    headers: { authorization: scenario.key, 'content-type': 'application/json' },
    body: WFD_BODY,
    connections,
    duration: seconds,
  });
  const unexpected = scenario.expectStatus === 200 ? result.non2xx : result['2xx'];
  return {
    scenario: scenario.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    errors: result.errors + result.timeouts + unexpected,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
    },
  });
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const loadBefore = loadavg()[0]?.toFixed(2);
  const server = await startServer();
  try {
    await waitUntilHealthy(server.port);
    const rows = [];
    for (const scenario of SCENARIOS)
      rows.push(await run(server.port, scenario, seconds, connections));
    const cpu = cpus()[0]?.model ?? 'unknown CPU';
    console.log(
      `\n${new Date().toISOString()} · Node ${process.version} · ${availableParallelism()} × ${cpu}`,
    );
    console.log(`${seconds} s per scenario, ${connections} connections, loopback`);
    console.log(
      `1-minute load average before/after: ${loadBefore} / ${loadavg()[0]?.toFixed(2)}\n`,
    );
    console.log('| Scenario | Requests/s | p50 ms | p99 ms | Requests | Errors |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const row of rows) {
      console.log(
        `| ${row.scenario} | ${row.requestsPerSecond} | ${row.p50Ms} | ${row.p99Ms} | ${row.total} | ${row.errors} |`,
      );
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
