/** The part of jsdom this app uses (jsdom ships no types; @types/jsdom would pull the DOM lib into Node code). */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: unknown;
  }
}
