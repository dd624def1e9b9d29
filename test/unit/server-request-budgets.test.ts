import { describe, expect, it } from 'vitest';
import { JobLimiter } from '../../src/server/job-limiter.js';
import { RefusalBudget } from '../../src/server/refusal-budget.js';
import { UploadBudget } from '../../src/server/upload-budget.js';

describe('RefusalBudget', () => {
  it("spends a client's budget on counted refusals only, and restores it when the window ends", () => {
    let now = 1_000_000;
    const budget = new RefusalBudget(2, 60_000, () => now);
    budget.note('a', 'NO_SPEECH');
    budget.note('a', 'OVERLOADED');
    budget.note('a', 'INVALID_JSON');
    expect(budget.retryAfter('a')).toBe(0);
    budget.note('a', 'AUDIO_UNREADABLE');
    expect(budget.retryAfter('a')).toBe(60);
    expect(budget.retryAfter('b')).toBe(0);
    now += 59_001;
    expect(budget.retryAfter('a')).toBe(1);
    now += 999;
    expect(budget.retryAfter('a')).toBe(0);
    budget.note('a', 'PAYLOAD_TOO_LARGE');
    expect(budget.retryAfter('a')).toBe(0);
  });
});

describe('UploadBudget', () => {
  it("bounds each client's bytes and the server's, and gives them back once", () => {
    const budget = new UploadBudget(100, 60);
    const first = budget.reserve('a', 50);
    expect(typeof first).toBe('function');
    expect(budget.reserve('a', 20)).toBe('client');
    const second = budget.reserve('b', 45);
    expect(budget.reserve('c', 10)).toBe('server');
    (first as () => void)();
    (first as () => void)();
    expect(budget.inFlight).toBe(45);
    expect(typeof budget.reserve('a', 55)).toBe('function');
    (second as () => void)();
    expect(budget.inFlight).toBe(55);
  });
});

describe('JobLimiter', () => {
  it('is full at its capacity and never hands out more', () => {
    const limiter = new JobLimiter(2);
    const releases = [limiter.tryAcquire(), limiter.tryAcquire()];
    expect(limiter.isFull).toBe(true);
    expect(limiter.tryAcquire()).toBeNull();
    releases[0]!();
    releases[0]!();
    expect(limiter.inFlight).toBe(1);
    expect(limiter.isFull).toBe(false);
  });
});
