/** Issue 20's keyword list, as an examiner writes one: periods, a comma, a hyphen, a year. */
export const EXAMINER_KEYWORDS = [
  'U.S. economy',
  '1990',
  'climate, change',
  'well-known',
  'trade with Asia',
  'e.g. governments',
];

/** The lecture those keywords are for: three of them are in it, three are not. */
export const ECONOMY_LECTURE =
  'The U.S. economy grew quickly after 1990. Trade with Asia doubled in ten years. Climate change now worries many governments.';

/**
 * A retelling of it in two sentences, each its own phrase when said with a pause between them:
 * it says three of the keywords ("U.S. economy", "1990", "trade with Asia").
 */
export const ECONOMY_RETELLING = [
  'The U.S. economy grew after nineteen ninety.',
  'And trade with Asia doubled.',
];
