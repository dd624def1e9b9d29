export { scoreWriteFromDictation, type WfdResult } from './score.js';
