import { describe, expect, it } from 'vitest';
import {
  ResponseShapeError,
  parseEnvelope,
  parseEnvelopeText,
} from '../../src/shared/contract/parse-response.js';

const success = {
  success: true,
  message: 'success',
  version: '1.4.2',
  processTime: 0.25,
  data: {
    components: [{ name: 'overall', score: 3, suggestion: null, maxScore: 0, status: 0 }],
    words: [],
    error: null,
  },
};

function shapeError(body: unknown): string {
  try {
    parseEnvelope(body);
  } catch (error) {
    expect(error).toBeInstanceOf(ResponseShapeError);
    return (error as Error).message;
  }
  throw new Error('expected a ResponseShapeError');
}

describe('parseEnvelope', () => {
  it('reads the sample spelling processTime', () => {
    expect(parseEnvelope(success)).toEqual(success);
  });

  it('reads the field-table spelling proccessTime', () => {
    const { processTime, ...rest } = success;
    expect(parseEnvelope({ ...rest, proccessTime: processTime }).processTime).toBe(0.25);
  });

  it('tolerates unknown fields and unknown error codes', () => {
    const body = {
      ...success,
      requestId: 'abc',
      success: false,
      data: { ...success.data, extra: [1], error: { code: 'NEW_CODE', message: 'x', field: null } },
    };
    const parsed = parseEnvelope(body);
    expect(parsed.data.error?.code).toBe('NEW_CODE');
    expect(parsed).not.toHaveProperty('requestId');
  });

  it('treats a missing error object as null', () => {
    const { error: _error, ...data } = success.data;
    expect(parseEnvelope({ ...success, data }).data.error).toBeNull();
  });

  it('names the first field that breaks the shape', () => {
    expect(shapeError([])).toBe('response is not a JSON object');
    expect(shapeError(null)).toBe('response is not a JSON object');
    expect(shapeError({ ...success, version: 'v1' })).toBe(
      'version: version must be a dotted number sequence',
    );
    expect(shapeError({ ...success, processTime: undefined })).toMatch(/^processTime: /u);
    const badScore = {
      ...success.data,
      components: [{ ...success.data.components[0], score: '3' }],
    };
    expect(shapeError({ ...success, data: badScore })).toMatch(/^data\.components\.0\.score: /u);
  });

  it('refuses text that is not JSON', () => {
    expect(() => parseEnvelopeText('<html>')).toThrow('response is not valid JSON');
    expect(parseEnvelopeText(JSON.stringify(success)).version).toBe('1.4.2');
  });
});
