import { inflateSync } from 'node:zlib';

/**
 * The text of a pdfkit PDF, for assertions: each TJ string decoded through each embedded
 * font's ToUnicode map (one decoding per font; a test looks for its text in any of them).
 */
export function pdfText(pdf: Buffer): string {
  const streams = inflatedStreams(pdf);
  const cmaps = streams.filter((s) => s.includes('begincmap')).map(parseToUnicode);
  const runs = streams.flatMap((s) =>
    [...s.matchAll(/\[([^\]]*)\]\s*TJ/gu)].map((tj) =>
      [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/gu)].map((m) => m[1]!).join(''),
    ),
  );
  return cmaps.map((cmap) => runs.map((hex) => decode(hex, cmap)).join(' ')).join('\n');
}

/**
 * Each stream is read for the /Length its dictionary gives, not up to the next "endstream":
 * deflated data that happens to end in a CR byte would lose it to the line end, and the
 * stream would not inflate: 5 in 1,000 PDFs of a few random lines lost text that way.
 */
function inflatedStreams(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/gu)) {
    const start = match.index + match[0].length;
    try {
      const data = Buffer.from(raw.slice(start, start + Number(match[1])), 'latin1');
      out.push(inflateSync(data).toString('latin1'));
    } catch {
      // Not a deflated stream (an embedded font's raw data, say).
    }
  }
  return out;
}

/** pdfkit writes `<start> <end> [<u1> <u2> …]` ranges only. */
function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/giu)) {
    const start = parseInt(range[1]!, 16);
    [...range[2]!.matchAll(/<([0-9a-f ]+)>/giu)].forEach((entry, i) => {
      const units = entry[1]!.split(' ').map((hex) => parseInt(hex, 16));
      map.set(start + i, String.fromCharCode(...units));
    });
  }
  return map;
}

function decode(hex: string, cmap: Map<number, string>): string {
  let text = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) {
    text += cmap.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
  }
  return text;
}
