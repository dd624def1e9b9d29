import type { FastifyInstance } from 'fastify';
import { ScoringError, type ErrorCode } from '../shared/contract/errors.js';
import { clientOf } from './auth.js';
import { MAX_PAUSED_REFUSALS, REFUSAL_PAUSE_MS } from './limits.js';

/**
 * Refusals earned by what the request sent, which a correct client never earns: a body that
 * is not JSON, too big, too deep or too wide, a field out of range, audio no decoder reads,
 * and going past a rate or upload limit. The outcomes of a well-formed answer (no speech,
 * too long, a fetch that failed) and the server's own OVERLOADED do not count.
 */
const COUNTED: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'INVALID_JSON',
  'INVALID_PARAMETER',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'AUDIO_UNREADABLE',
  'RATE_LIMITED',
]);

interface Tally {
  refused: number;
  resetAt: number;
  paused: number;
}

/**
 * Per client, the refusals counted in a fixed window. Kept in this instance's memory like the
 * rate limit, so that no request depends on another instance. Clients are keys, a bounded set.
 */
export class RefusalBudget {
  private readonly tallies = new Map<string, Tally>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  note(client: string, code: ErrorCode): void {
    if (!COUNTED.has(code)) return;
    this.current(client).refused++;
  }

  /** Seconds until the client may send again (rounded up), or 0 when it may now. */
  retryAfter(client: string): number {
    const tally = this.tallies.get(client);
    const left = tally ? tally.resetAt - this.now() : 0;
    if (!tally || tally.refused < this.max || left <= 0) return 0;
    return Math.ceil(left / 1000);
  }

  /** Waits the pause of one refusal, unless the client already has too many waiting. */
  async pause(client: string): Promise<void> {
    const tally = this.current(client);
    if (tally.paused >= MAX_PAUSED_REFUSALS) return;
    tally.paused++;
    try {
      await new Promise((resolve) => setTimeout(resolve, REFUSAL_PAUSE_MS));
    } finally {
      tally.paused--;
    }
  }

  /** The client's tally, its window restarted when it has ended. */
  private current(client: string): Tally {
    const now = this.now();
    let tally = this.tallies.get(client);
    if (!tally) {
      tally = { refused: 0, resetAt: now + this.windowMs, paused: 0 };
      this.tallies.set(client, tally);
    } else if (now >= tally.resetAt) {
      tally.refused = 0;
      tally.resetAt = now + this.windowMs;
    }
    return tally;
  }
}

/**
 * Before an authenticated request's body is read: a client past its refusal budget is
 * refused (RATE_LIMITED, Retry-After) without its body being read, after a pause, until its
 * window ends, so that a client sending hostile bodies in a loop costs the server a timer per
 * second and connection instead of a refusal per body.
 */
export function refuseSpentClients(app: FastifyInstance, budget: RefusalBudget): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.apiKeyHash === '') return payload;
    const client = clientOf(request);
    if (budget.retryAfter(client) === 0) return payload;
    await budget.pause(client);
    const seconds = budget.retryAfter(client);
    if (seconds === 0) return payload;
    reply.header('retry-after', seconds);
    throw new ScoringError(
      'RATE_LIMITED',
      `this client has had ${budget.max} requests refused for what they sent within ${budget.windowMs / 1000} s; retry in ${seconds} s`,
    );
  });
}
