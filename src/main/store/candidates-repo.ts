import type { Candidate } from '../../shared/app-api.js';
import { nowIso, type Db } from './database.js';

interface CandidateRow {
  id: number;
  name: string;
  reference: string;
  notes: string;
  created_at: string;
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
  };
}

export class CandidatesRepo {
  constructor(private readonly db: Db) {}

  list(search: string): Candidate[] {
    const pattern = `%${search.trim().replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;
    const rows = this.db
      .prepare<[string, string], CandidateRow>(
        `SELECT * FROM candidates
         WHERE name LIKE ? ESCAPE '\\' OR reference LIKE ? ESCAPE '\\'
         ORDER BY name COLLATE NOCASE, id`,
      )
      .all(pattern, pattern);
    return rows.map(toCandidate);
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
