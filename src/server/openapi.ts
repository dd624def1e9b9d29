import { z } from 'zod';
import { TASK_ENTRIES, type TaskEntry } from '../engine/tasks/index.js';
import { TASKS } from '../shared/contract/endpoints.js';
import { Envelope } from '../shared/contract/envelope.js';
import { ERROR_STATUS } from '../shared/contract/errors.js';
import { SERVICE_VERSION } from './version.js';

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

function failureStatuses(): Record<string, unknown> {
  const byStatus = new Map<number, string[]>();
  for (const [code, status] of Object.entries(ERROR_STATUS)) {
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: `Failure envelope; data.error.code is one of ${codes.join(', ')}`,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
    };
  }
  return responses;
}

function operation({ id, info }: TaskEntry) {
  return {
    post: {
      operationId: `score_${id}`,
      summary: info.title,
      description: info.summary,
      security: [{ apiKey: [] }],
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: { $ref: `#/components/schemas/${id}Request` } },
        },
      },
      responses: {
        '200': {
          description: 'Success envelope',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
        },
        ...failureStatuses(),
      },
    },
  };
}

/** OpenAPI 3.1, generated from the engine's task table, whose schemas the routes validate with. */
export function buildOpenApiDocument(): JsonSchema {
  const entries = TASKS.map((task): TaskEntry => TASK_ENTRIES[task]);
  const requestSchemas = Object.fromEntries(
    entries.map((entry) => [`${entry.id}Request`, schemaOf(entry.request, 'input')]),
  );
  return {
    openapi: '3.1.0',
    info: { title: 'Examiner scoring service', version: SERVICE_VERSION },
    paths: Object.fromEntries(entries.map((entry) => [entry.info.path, operation(entry)])),
    components: {
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'The raw API key, with no scheme word before it.',
        },
      },
      schemas: { ...requestSchemas, Envelope: schemaOf(Envelope, 'output') },
    },
  };
}
