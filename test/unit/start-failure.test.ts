import { describe, expect, it } from 'vitest';
import { startFailureText, isUnforeseen } from '../../src/main/core/start-failure.js';
import { NewerDatabaseError } from '../../src/main/store/database.js';

describe('what both hosts show when Examiner cannot start', () => {
  it('is the message of a foreseen failure, whole and alone', () => {
    const error = new NewerDatabaseError('/data/examiner.db', 999);
    expect(startFailureText(error)).toBe(error.message);
    expect(startFailureText(error)).not.toMatch(/\n\s+at /u);
    expect(isUnforeseen(error)).toBe(false);
  });

  it('is the first line of any other failure, never its stack', () => {
    const error = new TypeError('Cannot read properties of undefined (reading "x")\nmore');
    expect(startFailureText(error)).toBe(
      'Cannot read properties of undefined (reading "x") (if it happens again, report it with this message).',
    );
    expect(isUnforeseen(error)).toBe(true);
  });
});
