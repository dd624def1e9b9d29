#!/usr/bin/env node
// `npm test`: every check a change must pass, in the order that fails fastest.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['unit and integration tests', 'npm', ['run', '--silent', 'test:unit']],
  ['build', 'npm', ['run', '--silent', 'build']],
  ['end-to-end tests', 'npm', ['run', '--silent', 'test:e2e']],
];

for (const [name, command, args] of steps) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n${name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${name} passed in ${seconds}s`);
}
