import { describe, expect, it } from 'vitest';
import { withImports } from '../../bench/fingerprint.js';

describe('withImports', () => {
  const engine = withImports(['src/engine']);

  it('follows the engine into the src/shared formulas it scores with', () => {
    expect(engine).toContain('src/shared/repeat-sentence-content.ts');
    expect(engine).toContain('src/shared/key-point-content.ts');
    expect(engine).toContain('src/shared/contract/quantize.ts');
    expect(engine).toContain('src/engine/tasks/repeat-sentence.ts');
  });

  it('leaves out what the engine does not import', () => {
    expect(engine).not.toContain('src/shared/host-channels.ts');
    expect(engine.filter((path) => /^src\/(main|renderer|preload|server)\//u.test(path))).toEqual(
      [],
    );
  });

  it('follows the bench into the training code of its own fits', () => {
    expect(withImports(['bench/so762-external.ts'])).toEqual(
      expect.arrayContaining([
        'bench/so762-split.ts',
        'scripts/training/fit-calibration.ts',
        'scripts/training/fit-boosted-trees.ts',
      ]),
    );
  });
});
