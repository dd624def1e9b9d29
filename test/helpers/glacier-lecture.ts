/** A six-sentence Retell Lecture prompt, shared by the free-speech HTTP tests and their bench. */
export const GLACIER_LECTURE = [
  'Glaciers in the mountains are melting faster every year.',
  'Scientists measure the ice with satellites and cameras.',
  'The melting water raises the level of the oceans.',
  'Many coastal cities will face floods in the future.',
  'Farmers in the valleys depend on the glaciers for water.',
  'Governments must cut carbon emissions to protect them.',
];
