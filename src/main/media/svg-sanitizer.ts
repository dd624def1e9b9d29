import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import { MediaProblem } from './media-kinds.js';

/** A reference that stays inside the picture: a fragment of it, or an embedded raster image. */
const INTERNAL_REFERENCE = /^\s*(?:#|data:image\/(?:png|jpeg|gif|webp);)/iu;
/** CSS that would fetch something: url() to anything but a fragment or embedded image, @import. */
const CSS_FETCH = /url\(\s*['"]?\s*(?!#|data:image\/(?:png|jpeg|gif|webp);)|@import/iu;

const PROFILE = {
  USE_PROFILES: { svg: true, svgFilters: true },
  // <use> draws a part of the same picture again; its reference is held to a fragment below.
  ADD_TAGS: ['use'] as string[],
  // What a removed element held goes with it (a script's text is no part of the picture).
  KEEP_CONTENT: false,
  RETURN_DOM: true,
} as const;

/** The purifier with this app's rules on references, built once: jsdom takes a while to start. */
interface Serializer {
  serializeToString(node: unknown): string;
}

interface PurifiedBody {
  querySelector(selector: string): unknown;
}

let purifier: { purify: DOMPurify; serialize: (node: unknown) => string } | null = null;

function svgPurifier(): NonNullable<typeof purifier> {
  if (purifier) return purifier;
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    const linking = name === 'href' || name.endsWith(':href') || name === 'src';
    if (linking && !INTERNAL_REFERENCE.test(data.attrValue)) data.keepAttr = false;
    if (CSS_FETCH.test(data.attrValue)) data.keepAttr = false;
  });
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && CSS_FETCH.test(node.textContent ?? '')) node.textContent = '';
  });
  const serializer = new (window as { XMLSerializer: new () => Serializer }).XMLSerializer();
  purifier = { purify, serialize: (node) => serializer.serializeToString(node) };
  return purifier;
}

/**
 * An SVG picture with everything that could run or fetch taken out, by DOMPurify's SVG profile
 * (scripts in any namespace, event handlers, animations that set links or handlers,
 * foreignObject) and by this app's rules (links and CSS url() only to the picture itself or to
 * embedded images). Written back as XML, so that it stays a standalone SVG file.
 */
export function sanitizeSvg(bytes: Uint8Array): Uint8Array {
  const { purify, serialize } = svgPurifier();
  const text = Buffer.from(bytes).toString('utf8');
  const body = purify.sanitize(text, PROFILE) as unknown as PurifiedBody;
  const svg = body.querySelector('svg');
  if (!svg)
    throw new MediaProblem('the SVG file holds no picture once scripts and links are removed');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${serialize(svg)}\n`, 'utf8');
}
