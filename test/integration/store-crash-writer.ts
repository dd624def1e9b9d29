// Child process for store-crash.test.ts: writes attempts in a loop until it is killed,
// printing each id only after its transaction committed.
import { AttemptsRepo } from '../../src/main/store/attempts-repo.js';
import { CandidatesRepo } from '../../src/main/store/candidates-repo.js';
import { openDatabase } from '../../src/main/store/database.js';
import { ItemsRepo } from '../../src/main/store/items-repo.js';

const db = openDatabase(process.argv[2] as string);
const attempts = new AttemptsRepo(db);
const candidateId = new CandidatesRepo(db).create({ name: 'Crash', reference: '', notes: '' }).id;
const itemId = new ItemsRepo(db).create({
  task: 'wfd',
  title: 'W',
  refText: 'the cat',
  keywords: [],
  promptAudioPath: null,
  imagePath: null,
}).id;

const writeBatch = db.transaction((n: number) => {
  const ids: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const id = attempts.insert({
      candidateId,
      itemId,
      task: 'wfd',
      audio: null,
      typedAnswer: `answer ${n}-${i}`,
    });
    attempts.transition(id, ['recorded'], 'queued');
    ids.push(id);
  }
  return ids;
});

for (let n = 0; ; n += 1) {
  const ids = writeBatch(n);
  process.stdout.write(`${ids.join(',')}\n`);
}
