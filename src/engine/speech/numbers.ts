const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const GROUPS: Array<[number, string]> = [
  [1e9, 'billion'],
  [1e6, 'million'],
  [1e3, 'thousand'],
];

/** How a learner reads a written whole number aloud ("2024" → two thousand twenty four). */
export function numberToWords(value: number): string[] {
  if (value < 20) return [ONES[value] ?? 'zero'];
  if (value < 100) {
    const rest = value % 10;
    return [TENS[Math.floor(value / 10)] ?? '', ...(rest ? [ONES[rest] ?? ''] : [])];
  }
  if (value < 1000) {
    const rest = value % 100;
    return [ONES[Math.floor(value / 100)] ?? '', 'hundred', ...(rest ? numberToWords(rest) : [])];
  }
  for (const [size, name] of GROUPS) {
    if (value >= size) {
      const rest = value % size;
      return [
        ...numberToWords(Math.floor(value / size)),
        name,
        ...(rest ? numberToWords(rest) : []),
      ];
    }
  }
  return [];
}
