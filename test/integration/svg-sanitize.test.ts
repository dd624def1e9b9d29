/**
 * Issue 21, row 4: SVG item pictures carrying a namespaced <script>, <animate href="javascript:…">,
 * <set onmouseover>, or CSS url() passed the old filter. What the media store keeps now is the
 * picture DOMPurify leaves, written back as standalone SVG.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaStore } from '../../src/main/media/media-store.js';
import { tempDir } from '../helpers/temp-dir.js';

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const svg = (body: string, ns = NS) =>
  Buffer.from(`<?xml version="1.0"?>\n<svg ${ns} viewBox="0 0 40 20">${body}</svg>\n`);

describe('SVG pictures, as the media store keeps them', () => {
  let dir: ReturnType<typeof tempDir>;
  let media: MediaStore;
  const kept = async (bytes: Buffer) =>
    (await media.read(await media.store(bytes, 'image'))).bytes.toString('utf8');

  beforeAll(() => {
    dir = tempDir('examiner-svg-');
    media = new MediaStore(dir.path);
  });
  afterAll(() => dir.remove());

  it.each([
    [
      'a script in the svg namespace',
      `<svg:script>alert(1)</svg:script>`,
      `${NS} xmlns:svg="http://www.w3.org/2000/svg"`,
    ],
    ['a plain script', `<script>alert(1)</script>`, NS],
    ['a script in CDATA', `<script><![CDATA[alert(1)]]></script>`, NS],
    [
      'an animation that sets a javascript: link',
      `<a><animate attributeName="href" values="javascript:alert(1)" href="javascript:alert(1)"/><text>go</text></a>`,
      NS,
    ],
    [
      'a set element with a handler',
      `<set attributeName="onmouseover" to="alert(1)" onmouseover="alert(1)"/>`,
      NS,
    ],
    ['an event handler', `<rect width="4" height="4" onclick="alert(1)" onload="alert(1)"/>`, NS],
    ['a javascript: link', `<a xlink:href="javascript:alert(1)"><text>go</text></a>`, NS],
    [
      'a link to another site',
      `<image href="https://tracker.example/a.png" width="4" height="4"/>`,
      NS,
    ],
    ['a use of another file', `<use href="https://tracker.example/s.svg#x"/>`, NS],
    [
      'CSS url() in a style attribute',
      `<rect style="fill:red;background:url(https://tracker.example/x.png)"/>`,
      NS,
    ],
    [
      'CSS url() and @import in a style sheet',
      `<style>@import url(https://tracker.example/x.css); rect { fill: url(https://tracker.example/f.svg#x) }</style>`,
      NS,
    ],
    ['a fill from another file', `<rect fill="url(https://tracker.example/f.svg#g)"/>`, NS],
    [
      'embedded HTML',
      `<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></foreignObject>`,
      NS,
    ],
  ])('keeps nothing of %s', async (_name, body, ns) => {
    const text = await kept(svg(`<rect width="10" height="10" fill="#123456"/>${body}`, ns));
    expect(text).not.toMatch(
      /script|alert|javascript|tracker\.example|@import|\son\w+=|<animate|<set|foreignObject|iframe/iu,
    );
    // The picture itself is still there, as standalone SVG.
    expect(text).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/u,
    );
    expect(text).toContain('<rect width="10" height="10" fill="#123456"/>');
  });

  it('keeps what a picture draws with: viewBox, gradients, fills and uses within it, embedded images, class styles', async () => {
    const body =
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs>' +
      '<style>.a{fill:#0a0}</style>' +
      '<rect id="r" class="a" width="4" height="4"/><rect fill="url(#g)" x="5" width="4" height="4"/>' +
      '<use href="#r" x="10"/><image xlink:href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>' +
      '<text x="1" y="15">Tom &amp; Ana</text>';
    const text = await kept(svg(body));
    expect(text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        `<svg ${NS} viewBox="0 0 40 20">${body.replace('</stop>', '')}</svg>\n`,
    );
  });
});
