/** Issue 20's keyword list, as an examiner writes one: periods, a comma, a hyphen, a year. */
export const EXAMINER_KEYWORDS = [
  'U.S. economy',
  '1990',
  'climate, change',
  'well-known',
  'trade with Asia',
  'e.g. governments',
];
