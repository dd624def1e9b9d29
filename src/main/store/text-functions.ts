import { foldText } from '../../shared/fold-text.js';
import type { Db } from './database.js';

/** SQL `fold(text)`: accents and case removed, so that search finds "Zoë" from "zoe". */
export function registerTextFunctions(db: Db): void {
  db.function('fold', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? foldText(text) : text,
  );
}
