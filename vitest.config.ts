import { defineConfig } from 'vitest/config';
import { REPEATABLE_SOX_ENV } from './test/helpers/repeatable-sox.js';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    env: { ...REPEATABLE_SOX_ENV },
  },
});
