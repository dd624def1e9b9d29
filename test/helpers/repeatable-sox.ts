/**
 * sox dithers its output and synthesises noise from a random seed, so the same command gave a
 * different file on every run: test audio then differed between machines, and a result near
 * a bar flipped with it (a retelling of one word said six times got content 1 in 2 of 12
 * fresh runs). `-R` seeds sox's generators with a fixed number; SOX_OPTS passes it to every
 * sox the tests start, whoever starts it.
 */
export const REPEATABLE_SOX_ENV = { SOX_OPTS: '-R' } as const;
