import { invalidUrl, tooLarge } from './errors.js';

const BASE64_ALPHABET = /^[A-Za-z0-9+/\-_]*={0,2}$/;
const HEX_PAIR = /^[0-9A-Fa-f]{2}$/;

interface DataUrlParts {
  base64: boolean;
  payload: string;
}

/** Messages name the scheme only: a data: URL's payload is the learner's recording. */
function splitDataUrl(url: string): DataUrlParts {
  const comma = url.indexOf(',');
  if (!/^data:/i.test(url) || comma < 0) {
    throw invalidUrl('audioUrl is not a well-formed data: URL.');
  }
  const meta = url.slice(5, comma);
  const base64 = meta.split(';').some((part) => part.trim().toLowerCase() === 'base64');
  return { base64, payload: url.slice(comma + 1) };
}

function decodeBase64(payload: string, maxBytes: number): Uint8Array {
  const compact = payload.includes('%') ? decodeURIComponent(payload) : payload;
  const clean = compact.replace(/\s+/g, '');
  const decodedLength = Math.floor((clean.replace(/=+$/, '').length * 3) / 4);
  if (decodedLength > maxBytes) throw tooLarge(maxBytes);
  if (!BASE64_ALPHABET.test(clean)) {
    throw invalidUrl('audioUrl holds a data: URL whose base64 payload is malformed.');
  }
  // Node's base64 decoder also takes the URL-safe alphabet.
  return new Uint8Array(Buffer.from(clean, 'base64'));
}

function decodePercent(payload: string, maxBytes: number): Uint8Array {
  const raw = Buffer.from(payload, 'utf8');
  const escapes = payload.split('%').length - 1;
  if (raw.length - 2 * escapes > maxBytes) throw tooLarge(maxBytes);
  const out = new Uint8Array(raw.length);
  let length = 0;
  for (let i = 0; i < raw.length; i++) {
    const hex = raw[i] === 0x25 ? raw.toString('latin1', i + 1, i + 3) : '';
    if (HEX_PAIR.test(hex)) {
      out[length++] = parseInt(hex, 16);
      i += 2;
    } else {
      out[length++] = raw[i]!;
    }
  }
  // A '%' not followed by two hex digits stays literal, so the estimate above can fall short.
  if (length > maxBytes) throw tooLarge(maxBytes);
  return out.slice(0, length);
}

/** Decodes a `data:` URL (base64 or percent-encoded), refusing oversized payloads before decoding them. */
export function readDataUrl(url: string, maxBytes: number): Uint8Array {
  const { base64, payload } = splitDataUrl(url);
  try {
    return base64 ? decodeBase64(payload, maxBytes) : decodePercent(payload, maxBytes);
  } catch (error) {
    if (error instanceof URIError) {
      throw invalidUrl('audioUrl holds a data: URL with broken percent-escapes.');
    }
    throw error;
  }
}
