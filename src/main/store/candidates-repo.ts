import type { Candidate } from '../../shared/app-api.js';
import { foldText } from '../../shared/fold-text.js';
import { nowIso, type Db } from './database.js';
import { registerTextFunctions } from './text-functions.js';

interface CandidateRow {
  id: number;
  name: string;
  reference: string;
  notes: string;
  created_at: string;
  archived_at: string | null;
}

export interface CandidateFields {
  name: string;
  reference: string;
  notes: string;
}

function toCandidate(row: CandidateRow): Candidate {
  return {
    id: row.id,
    name: row.name,
    reference: row.reference,
    notes: row.notes,
    createdAt: row.created_at,
    archivedAt: row.archived_at,
  };
}

export class CandidatesRepo {
  constructor(private readonly db: Db) {
    registerTextFunctions(db);
  }

  /** Accent- and case-insensitive ("zoe" finds "Zoë"); archived candidates only when asked. */
  list(search: string, includeArchived = false): Candidate[] {
    const pattern = `%${foldText(search).replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;
    const rows = this.db
      .prepare<[string, string, number], CandidateRow>(
        `SELECT * FROM candidates
         WHERE (fold(name) LIKE ? ESCAPE '\\' OR fold(reference) LIKE ? ESCAPE '\\')
           AND (? OR archived_at IS NULL)
         ORDER BY archived_at IS NOT NULL, name COLLATE NOCASE, id`,
      )
      .all(pattern, pattern, includeArchived ? 1 : 0);
    return rows.map(toCandidate);
  }

  /** Archives (now) or restores (null); the attempts and recordings stay as they are. */
  setArchived(id: number, archivedAt: string | null): Candidate | null {
    this.db.prepare('UPDATE candidates SET archived_at = ? WHERE id = ?').run(archivedAt, id);
    return this.get(id);
  }

  get(id: number): Candidate | null {
    const row = this.db
      .prepare<[number], CandidateRow>('SELECT * FROM candidates WHERE id = ?')
      .get(id);
    return row ? toCandidate(row) : null;
  }

  create(fields: CandidateFields): Candidate {
    const info = this.db
      .prepare('INSERT INTO candidates (name, reference, notes, created_at) VALUES (?, ?, ?, ?)')
      .run(fields.name, fields.reference, fields.notes, nowIso());
    return this.get(Number(info.lastInsertRowid)) as Candidate;
  }

  update(id: number, fields: CandidateFields): Candidate | null {
    this.db
      .prepare('UPDATE candidates SET name = ?, reference = ?, notes = ? WHERE id = ?')
      .run(fields.name, fields.reference, fields.notes, id);
    return this.get(id);
  }

  delete(id: number): boolean {
    return this.db.prepare('DELETE FROM candidates WHERE id = ?').run(id).changes === 1;
  }
}
