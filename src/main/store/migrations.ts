import type Database from 'better-sqlite3';

/**
 * Schema versions, keyed on PRAGMA user_version: migration N brings the file from N to N + 1.
 * Append only; a shipped migration is never edited.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  CREATE TABLE candidates (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    reference TEXT NOT NULL DEFAULT '',
    notes TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
  );
  CREATE INDEX candidates_by_name ON candidates (name COLLATE NOCASE);
  CREATE TABLE items (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    task TEXT NOT NULL CHECK (task IN ('rs', 'rl', 'di', 'wfd')),
    title TEXT NOT NULL,
    ref_text TEXT NOT NULL,
    keywords_json TEXT NOT NULL DEFAULT '[]',
    prompt_audio_path TEXT,
    image_path TEXT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX items_by_task ON items (task, id);
  CREATE TABLE attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    candidate_id INTEGER NOT NULL REFERENCES candidates (id) ON DELETE CASCADE,
    item_id INTEGER NOT NULL REFERENCES items (id) ON DELETE RESTRICT,
    task TEXT NOT NULL CHECK (task IN ('rs', 'rl', 'di', 'wfd')),
    status TEXT NOT NULL CHECK (status IN
      ('recorded', 'queued', 'scoring', 'scored', 'failed_retryable', 'failed_permanent', 'cancelled')),
    audio_path TEXT,
    audio_mime TEXT,
    audio_sha256 TEXT,
    typed_answer TEXT,
    content REAL,
    pronunciation REAL,
    fluency REAL,
    words REAL,
    overall REAL,
    error_message TEXT,
    failure_kind TEXT,
    tries INTEGER NOT NULL DEFAULT 0,
    next_retry_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    -- Large texts last: lists read the columns before them without touching overflow pages.
    error_detail TEXT,
    request_json TEXT,
    response_json TEXT,
    CHECK ((audio_path IS NULL) <> (typed_answer IS NULL))
  );
  CREATE INDEX attempts_by_candidate_task ON attempts (candidate_id, task, id DESC);
  CREATE INDEX attempts_by_candidate ON attempts (candidate_id, id DESC);
  CREATE INDEX attempts_by_item ON attempts (item_id, id DESC);
  CREATE INDEX attempts_by_task ON attempts (task, id DESC);
  CREATE INDEX attempts_by_status ON attempts (status, id);
  CREATE INDEX attempts_by_created ON attempts (created_at);
  `,
  // Issue 10: the sample item bank, mock test sittings and saved test forms.
  `
  ALTER TABLE items ADD COLUMN sample_key TEXT;
  CREATE UNIQUE INDEX items_by_sample_key ON items (sample_key) WHERE sample_key IS NOT NULL;
  CREATE TABLE sittings (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    candidate_id INTEGER NOT NULL REFERENCES candidates (id) ON DELETE CASCADE,
    status TEXT NOT NULL CHECK (status IN ('in_progress', 'finished')),
    created_at TEXT NOT NULL,
    finished_at TEXT
  );
  CREATE INDEX sittings_by_status ON sittings (status, id);
  CREATE TABLE sitting_items (
    sitting_id INTEGER NOT NULL REFERENCES sittings (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    item_id INTEGER NOT NULL REFERENCES items (id) ON DELETE RESTRICT,
    attempt_id INTEGER UNIQUE REFERENCES attempts (id) ON DELETE SET NULL,
    skipped INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (sitting_id, position)
  );
  CREATE INDEX sitting_items_by_item ON sitting_items (item_id);
  CREATE TABLE test_forms (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE,
    item_ids_json TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  `,
  // Review and moderation (issue 11): recording length, each score's maximum, archiving, and the
  // examiner's own marks beside the engine's. One self-contained step.
  `
  ALTER TABLE attempts ADD COLUMN audio_duration_ms INTEGER;
  ALTER TABLE attempts ADD COLUMN content_max REAL;
  ALTER TABLE attempts ADD COLUMN pronunciation_max REAL;
  ALTER TABLE attempts ADD COLUMN fluency_max REAL;
  ALTER TABLE attempts ADD COLUMN words_max REAL;
  ALTER TABLE attempts ADD COLUMN overall_max REAL;
  -- The worst component status of the result: 1 scored with a caution, 2 not scorable.
  ALTER TABLE attempts ADD COLUMN result_status INTEGER;
  UPDATE attempts SET
    content_max = (SELECT json_extract(c.value, '$.maxScore') FROM json_each(response_json, '$.data.components') c
      WHERE json_extract(c.value, '$.name') = 'score_content'),
    pronunciation_max = (SELECT json_extract(c.value, '$.maxScore') FROM json_each(response_json, '$.data.components') c
      WHERE json_extract(c.value, '$.name') = 'score_pronunciation'),
    fluency_max = (SELECT json_extract(c.value, '$.maxScore') FROM json_each(response_json, '$.data.components') c
      WHERE json_extract(c.value, '$.name') = 'score_fluency'),
    words_max = (SELECT json_extract(c.value, '$.maxScore') FROM json_each(response_json, '$.data.components') c
      WHERE json_extract(c.value, '$.name') = 'Words'),
    -- The contract gives overall a maxScore of 0: its top is the scale asked for, or the
    -- number of words of a dictation.
    overall_max = CASE WHEN task = 'wfd' THEN
      (SELECT json_extract(c.value, '$.maxScore') FROM json_each(response_json, '$.data.components') c
        WHERE json_extract(c.value, '$.name') = 'Words')
      ELSE coalesce(CASE WHEN json_valid(request_json) THEN json_extract(request_json, '$.scale') END, 5) END,
    result_status = (SELECT max(json_extract(c.value, '$.status'))
      FROM json_each(response_json, '$.data.components') c)
  WHERE status = 'scored' AND json_valid(response_json);
  -- Covers the "needs review" filter: the new columns sit after the large response text.
  CREATE INDEX attempts_for_review
    ON attempts (status, candidate_id, task, overall, overall_max, result_status);
  ALTER TABLE candidates ADD COLUMN archived_at TEXT;
  ALTER TABLE items ADD COLUMN archived_at TEXT;
  CREATE TABLE examiner_marks (
    attempt_id INTEGER PRIMARY KEY REFERENCES attempts (id) ON DELETE CASCADE,
    confirmed INTEGER NOT NULL CHECK (confirmed IN (0, 1)),
    content REAL,
    pronunciation REAL,
    fluency REAL,
    words REAL,
    overall REAL,
    comment TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  `,
  // Issue 20: each rl/di key point of a result, as the engine heard it and as the examiner
  // marked it (null until marked), in the request's order.
  `
  CREATE TABLE key_points (
    attempt_id INTEGER NOT NULL REFERENCES attempts (id) ON DELETE CASCADE,
    position INTEGER NOT NULL CHECK (position >= 0),
    text TEXT NOT NULL,
    engine_heard INTEGER NOT NULL CHECK (engine_heard IN (0, 1)),
    engine_confidence REAL,
    start_ms INTEGER NOT NULL DEFAULT 0,
    end_ms INTEGER NOT NULL DEFAULT 0,
    examiner_heard INTEGER CHECK (examiner_heard IN (0, 1)),
    PRIMARY KEY (attempt_id, position)
  ) WITHOUT ROWID;
  `,
  // Each word of an rs sentence, as the engine judged it and as the examiner marked it said or
  // not (null until marked), in the sentence's order; written when the examiner first marks.
  `
  CREATE TABLE reference_words (
    attempt_id INTEGER NOT NULL REFERENCES attempts (id) ON DELETE CASCADE,
    position INTEGER NOT NULL CHECK (position >= 0),
    text TEXT NOT NULL,
    engine_said INTEGER NOT NULL CHECK (engine_said IN (0, 1)),
    engine_unsure INTEGER NOT NULL DEFAULT 0 CHECK (engine_unsure IN (0, 1)),
    start_ms INTEGER NOT NULL DEFAULT 0,
    end_ms INTEGER NOT NULL DEFAULT 0,
    examiner_said INTEGER CHECK (examiner_said IN (0, 1)),
    PRIMARY KEY (attempt_id, position)
  ) WITHOUT ROWID;
  `,
  // rs: how many words of the result the engine is not sure were said (a said label with
  // "unsure": true), for the "needs review" filter and its covering index.
  `
  ALTER TABLE attempts ADD COLUMN unsure_words INTEGER NOT NULL DEFAULT 0;
  UPDATE attempts SET unsure_words = (SELECT count(*) FROM json_each(response_json, '$.data.words') w
      WHERE json_extract(w.value, '$.unsure') = 1
        AND json_extract(w.value, '$.label') IN ('Good', 'Average', 'Bad'))
    WHERE task = 'rs' AND status = 'scored' AND json_valid(response_json);
  DROP INDEX attempts_for_review;
  CREATE INDEX attempts_for_review
    ON attempts (status, candidate_id, task, overall, overall_max, result_status, unsure_words);
  `,
];

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Runs each pending migration in its own transaction, so a crash leaves a whole version. */
export function migrate(db: Database.Database, migrations: readonly string[] = MIGRATIONS): number {
  const current = schemaVersion(db);
  if (current > migrations.length) {
    throw new Error(
      `The data file is from a newer version of Examiner (schema ${current}, this app knows ${migrations.length}).`,
    );
  }
  for (let version = current; version < migrations.length; version += 1) {
    const sql = migrations[version] as string;
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
  return schemaVersion(db);
}
