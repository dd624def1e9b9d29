/** Frequent English function words: never key points on their own. */
const FUNCTION_WORDS = `a about above after again against all also although am an and any are as at be
because been before being below between both but by can could did do does doing down during each either
even ever every few for from further had has have having he her here hers herself him himself his how
however i if in into is it its itself just less many may me might mine more most much must my myself neither
no nor not now of off often on once one only or other our ours out over own per perhaps quite rather
really same she should since so some still such than that the their theirs them themselves then there
therefore these they this those though through thus to too under until up upon us very was we well were
what whatever when where whether which while who whom whose why will with within without would yet you
your yours yeah yes okay ok every`;

/** What any answer about a lecture or picture says: never a key point unless a request names it. */
const TASK_WORDS = `second third finally conclusion conclude overall summary sum image picture graph
chart diagram table map photo lecture speaker professor talk talks topic information data percent per
cent show shows shown describe describes mentioned mentions explains explained discuss discussed
according example concluded summarise summarize implies implication suggests`;

/** Hesitations the dictionary has: they are heard as such, then left out of the words. */
export const HESITATIONS = ['um', 'uh', 'er'] as const;

const GENERIC_WORDS = new Set(`${FUNCTION_WORDS} ${TASK_WORDS}`.split(/\s+/u));

/** Words an answer uses about any prompt: never a key point unless the request names it. */
export function isGenericWord(spoken: string): boolean {
  return GENERIC_WORDS.has(spoken);
}
