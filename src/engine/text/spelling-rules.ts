/**
 * English spellings and the ARPAbet phones they usually stand for, longest spellings first.
 * One table serves two jobs: pronouncing words the CMU dictionary lacks (g2p.ts) and
 * lining up a word's letters with its dictionary phones for `phonics` (phonics.ts).
 */
const TABLE = `
tion SH AH N
sion ZH AH N | SH AH N
ough AO | AH F | OW | AW | UW
augh AO | AE F
eigh EY | AY
igh  AY
tch  CH
dge  JH
sch  S K | SH
ture CH ER
th   TH | DH
sh   SH
ch   CH | K | SH
ph   F
wh   W | HH | HH W
ng   NG | NG G
nk   NG K
ck   K
qu   K W | K
gh   G | F | -
kn   N
wr   R
mb   M
ee   IY
ea   IY | EH | EY
ie   IY | AY
ei   EY | IY | AY
ai   EY
ay   EY
ey   EY | IY
oa   OW
oo   UW | UH | AH
ou   AW | UW | AH | OW
ow   OW | AW
oi   OY
oy   OY
au   AO | AA
aw   AO
ew   UW | Y UW
ue   UW
ui   UW | IH
ar   AA R
er   ER
ir   ER
ur   ER
or   AO R | ER
a    AE | EY | AH | AA | AO
e    EH | IY | AH | IH | -
i    IH | AY | IY | AH
o    AA | OW | AH | AO | UW
u    AH | UW | Y UW | UH
y    IY | Y | AY | IH
b    B
c    K | S
d    D | T
f    F
g    G | JH
h    HH | -
j    JH
k    K
l    L
m    M
n    N
p    P
r    R
s    S | Z | SH
t    T | SH
v    V
w    W
x    K S | G Z | Z
z    Z
'    -
`;

/** Each line: a spelling, then its readings separated by "|" ("-" reads as no phone at all). */
export const SPELLING_RULES: ReadonlyArray<readonly [string, readonly string[][]]> = TABLE.trim()
  .split('\n')
  .map((line) => {
    const [spelling = '', readings = ''] = line.split(/\s+(.*)/u);
    const phones = readings.split('|').map((reading) => reading.trim());
    return [spelling, phones.map((reading) => (reading === '-' ? [] : reading.split(' ')))];
  });

export const MAX_SPELLING_LENGTH = 4;
export const spellingTable = new Map(SPELLING_RULES);
