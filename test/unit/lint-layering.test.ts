import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** A module of the engine's audio room that reaches up into the task room and the server. */
const UPWARD = `import { createSpeakingScorer } from '../tasks/index.js';
export { TASK_ENTRIES } from '../tasks/table.js';
export const load = () => import('../../server/app.js');
export const loadLater = () => import(\`../scoring/verdict.js\`);
const { verdict } = require('../scoring/verdict.js');
export { createSpeakingScorer, verdict };
`;

/** The same room importing only what it may: its own modules and src/shared. */
const DOWNWARD = `import { decodeAudio } from './decode.js';
import { ScoringError } from '../../shared/contract/errors.js';
export const load = () => import('./quality.js');
export { decodeAudio, ScoringError };
`;

async function layeringMessages(code: string, filePath: string): Promise<string[]> {
  const eslint = new ESLint();
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'layering/allowed-imports')
    .map((message) => message.message);
}

describe('the layering lint', () => {
  it('refuses static, re-exported, dynamic and required imports that go up a room', async () => {
    const messages = await layeringMessages(UPWARD, 'src/engine/audio/upward.ts');
    const allowed = 'src/engine/audio may import only its own modules and src/shared';
    expect(messages).toEqual([
      `Bad layering: ${allowed}; not src/engine/tasks/index.js.`,
      `Bad layering: ${allowed}; not src/engine/tasks/table.js.`,
      `Bad layering: ${allowed}; not src/server/app.js.`,
      `Bad layering: ${allowed}; not src/engine/scoring/verdict.js.`,
      `Bad layering: ${allowed}; not src/engine/scoring/verdict.js.`,
    ]);
  });

  it('accepts a room importing itself and the rooms it names', async () => {
    expect(await layeringMessages(DOWNWARD, 'src/engine/audio/downward.ts')).toEqual([]);
  });

  it('refuses a sideways import between top-level rooms', async () => {
    const code = `export const engine = () => import('../engine/tasks/index.js');\n`;
    expect(await layeringMessages(code, 'src/main/sideways.ts')).toEqual([
      'Bad layering: src/main may import only its own modules and src/shared; not src/engine/tasks/index.js.',
    ]);
  });

  it('refuses electron and Node built-ins in the renderer', async () => {
    const code = `import { ipcRenderer } from 'electron';\nimport { readFileSync } from 'node:fs';\nexport { ipcRenderer, readFileSync };\n`;
    expect(await layeringMessages(code, 'src/renderer/src/lib/bad.ts')).toEqual([
      'Bad layering: src/renderer may not import electron or node: (it imports "electron").',
      'Bad layering: src/renderer may not import electron or node: (it imports "node:fs").',
    ]);
  });
});
