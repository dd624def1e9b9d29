import { tokenize, type TextWord } from '../speech/lexicon.js';

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

/**
 * Common English content words, for speech that is not about the prompt: with only the
 * prompt's words to choose from, the recogniser would hear them in any sound. The words an
 * answer about a lecture or picture itself uses (lecture, speaker, image, shows, conclusion)
 * are here too, so they are heard as themselves and never as key points.
 */
const COMMON_WORDS = `people time year years way day days thing things man men woman women life child
children world school state family student students group country problem problems hand part place case
week company system program question work government number night point home water room mother area
money story fact month lot right study book eye job word business issue side kind head house service
friend father power hour game line end member law car city community name team minute idea body
information back parent face level office door health person art war history party result change morning
reason research girl boy moment air teacher force education food land sea sun tree animal
go goes went gone get gets got make makes made know knows knew take takes took see sees saw seen come
comes came want wants look looks use used uses find found give gives gave tell told call called try tried
ask asked need needs feel felt become became leave left put mean means meant keep kept let begin began
seem seems help talk talks talked turn start started show shows showed shown hear heard play played run
move live lived believe hold bring brought happen happened write wrote provide sit stand lose lost pay
paid meet include included continue set learn learned lead understand watch follow stop create speak
spoke read spend spent grow grew open walk win offer remember love consider appear buy wait serve die
send expect build built stay fall cut reach remain say says said think thinks thought like likes liked
good new first last long great little old big high different small large next early young important
few public bad same able best better lot lots many much most main several certain whole real sure
free full clear hard easy low late possible major common special recent local human social national
interesting trend increase increased decrease decreased compared highest lowest`;

/** What any answer about a lecture or picture says: never a key point unless a request names it. */
const TASK_WORDS = `second third finally conclusion conclude overall summary sum image picture graph
chart diagram table map photo lecture speaker professor talk talks topic information data percent per
cent show shows shown describe describes mentioned mentions explains explained discuss discussed
according example concluded summarise summarize implies implication suggests`;

/** Hesitations the dictionary has: they are heard as such, then left out of the words. */
export const HESITATIONS = ['um', 'uh', 'er'] as const;

const STOP_WORDS = new Set(FUNCTION_WORDS.split(/\s+/u));
const GENERIC_WORDS = new Set([...STOP_WORDS, ...TASK_WORDS.split(/\s+/u)]);

export function isHesitation(word: string): boolean {
  return (HESITATIONS as readonly string[]).includes(word);
}

/** Function and common words, for the grammar's backoff. */
export function backgroundWords(): TextWord[] {
  return tokenize(`${FUNCTION_WORDS} ${COMMON_WORDS} ${TASK_WORDS}`);
}

/** Words an answer uses about any prompt: never a key point unless the request names it. */
export function isGenericWord(spoken: string): boolean {
  return GENERIC_WORDS.has(spoken);
}
