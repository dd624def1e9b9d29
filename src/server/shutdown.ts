import type { Server } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ScoringError } from '../shared/contract/errors.js';

/** Past the drain, closing sockets and workers takes well under this. */
const FORCED_EXIT_AFTER_DRAIN_MS = 5_000;
const DRAIN_POLL_MS = 50;

interface DrainState {
  /** Set on SIGTERM: no new work, but what was admitted before runs to its end. */
  draining: boolean;
  /** Requests that arrived before the drain began and have not been answered yet. */
  admitted: number;
}

const states = new WeakMap<FastifyInstance, DrainState>();

function stateOf(app: FastifyInstance): DrainState {
  let state = states.get(app);
  if (!state) {
    state = { draining: false, admitted: 0 };
    states.set(app, state);
  }
  return state;
}

/**
 * While the server drains or closes, every new request, `/health` included, is answered
 * OVERLOADED (503, the contract's envelope) with `Connection: close`: a load balancer's
 * health check takes the instance out, a request that reaches it is retried elsewhere, and
 * no keep-alive connection holds the shutdown open. Answers to requests admitted before the
 * drain close their connections too.
 */
export function refuseWhileClosing(app: FastifyInstance): void {
  const state = stateOf(app);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing && !state.draining) return;
    reply.header('connection', 'close');
    throw new ScoringError('OVERLOADED', 'the server is shutting down; retry shortly');
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing || state.draining) reply.header('connection', 'close');
    return payload;
  });
}

/** Counts the requests in flight that arrived before the drain began. */
function countAdmitted(server: Server, state: DrainState): void {
  server.on('request', (_request, response) => {
    if (state.draining) return;
    state.admitted += 1;
    response.once('close', () => (state.admitted -= 1));
  });
}

async function admittedDone(state: DrainState, deadline: number): Promise<boolean> {
  while (state.admitted > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS));
  }
  return state.admitted === 0;
}

export interface DrainOptions {
  /** How long requests admitted before the stop may still run. */
  graceMs: number;
  /** Stops the workers, answering any job still running OVERLOADED. */
  closeWorkers: () => Promise<void>;
  log: FastifyBaseLogger;
  exit?: (code: number) => void;
}

/**
 * On `stop` (SIGTERM, SIGINT, the parent gone): the server keeps its port but takes no new
 * work (see refuseWhileClosing), lets every request it had admitted finish within the grace,
 * answers any still unfinished OVERLOADED, then closes and exits 0. Call it as soon as
 * `listen` resolves, before any request can arrive, so that every request is counted.
 */
export function drainOnStop(app: FastifyInstance, stop: AbortSignal, options: DrainOptions): void {
  const state = stateOf(app);
  const exit = options.exit ?? ((code: number) => process.exit(code));
  countAdmitted(app.server, state);
  const shutdown = async () => {
    state.draining = true;
    const deadline = Date.now() + options.graceMs;
    options.log.info(
      { reason: String(stop.reason), inFlight: state.admitted, graceMs: options.graceMs },
      'draining',
    );
    setTimeout(() => exit(1), options.graceMs + FORCED_EXIT_AFTER_DRAIN_MS).unref();
    if (!(await admittedDone(state, deadline))) {
      options.log.warn({ inFlight: state.admitted }, 'drain grace over: answering the rest');
    }
    await options.closeWorkers();
    await app.close();
    options.log.info('drained');
    exit(0);
  };
  const run = () =>
    shutdown().catch((error: unknown) => {
      options.log.error({ err: error }, 'shutdown failed');
      exit(1);
    });
  if (stop.aborted) void run();
  else stop.addEventListener('abort', () => void run(), { once: true });
}
