import { parseArgs } from 'node:util';

export interface CliOptions {
  port: number;
  host: string;
  keysFile: string | undefined;
  audioRoots: string[];
  blockPrivateNetworks: boolean;
  /** Requests per minute per key; 0 turns rate limiting off. */
  rateLimitPerMinute: number | undefined;
  /** Requests per minute per key refused for what they sent before the next are refused unread; 0 turns it off. */
  refusalLimitPerMinute: number | undefined;
  maxJobs: number | undefined;
  /** Scoring worker processes; default one per CPU core. */
  workers: number | undefined;
  /** The most seconds one speaking job may run. */
  jobTimeoutSeconds: number | undefined;
  /** On SIGTERM, how long jobs in flight may still run. */
  drainSeconds: number | undefined;
  logLevel: string;
}

export const USAGE = `Usage: serve --port N [--host H] [--keys FILE] [--audio-root DIR]...
             [--block-private-networks] [--rate-limit N] [--refusal-limit N] [--workers N]
             [--max-jobs N] [--job-timeout SECONDS] [--drain-seconds SECONDS] [--log-level L]
API keys come from --keys FILE (one a line, # comments) or EXAMINER_API_KEYS (comma-separated).`;

function integer(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) {
    throw new Error(`--${name} must be an integer of at least ${min}`);
  }
  return parsed;
}

export function parseCliArgs(argv: string[]): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      keys: { type: 'string' },
      'audio-root': { type: 'string', multiple: true, default: [] },
      'block-private-networks': { type: 'boolean', default: false },
      'rate-limit': { type: 'string' },
      'refusal-limit': { type: 'string' },
      'max-jobs': { type: 'string' },
      workers: { type: 'string' },
      'job-timeout': { type: 'string' },
      'drain-seconds': { type: 'string' },
      'log-level': { type: 'string', default: 'info' },
    },
    strict: true,
    allowPositionals: false,
  });
  const port = integer('port', values.port, 0);
  if (port === undefined || port > 65535) throw new Error('--port N is required (0 to 65535)');
  return {
    port,
    host: values.host,
    keysFile: values.keys,
    audioRoots: values['audio-root'],
    blockPrivateNetworks: values['block-private-networks'],
    rateLimitPerMinute: integer('rate-limit', values['rate-limit'], 0),
    refusalLimitPerMinute: integer('refusal-limit', values['refusal-limit'], 0),
    maxJobs: integer('max-jobs', values['max-jobs'], 1),
    workers: integer('workers', values.workers, 1),
    jobTimeoutSeconds: integer('job-timeout', values['job-timeout'], 1),
    drainSeconds: integer('drain-seconds', values['drain-seconds'], 0),
    logLevel: values['log-level'],
  };
}
