import { isIPv4, isIPv6 } from 'node:net';
import { InternalError } from '../model/errors.js';

// A minimal DER encoder (ITU-T X.690) for exactly what a self-signed X.509 certificate needs:
// SEQUENCE, SET, INTEGER, BOOLEAN, OBJECT IDENTIFIER, BIT STRING, OCTET STRING, UTF8String,
// UTCTime / GeneralizedTime and context-specific tags. Each function returns one whole TLV.

/** One DER element: tag, definite length, contents. */
export function tlv(tag: number, contents: Uint8Array): Uint8Array {
  return concat([Uint8Array.of(tag), length(contents.length), contents]);
}

/** The definite length octets: short form below 128, else long form (0x80 | count, big-endian). */
export function length(n: number): Uint8Array {
  if (n < 0x80) return Uint8Array.of(n);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}

/** The octets one after the other. */
export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** SEQUENCE of the elements. */
export const sequence = (...items: Uint8Array[]): Uint8Array => tlv(0x30, concat(items));

/** SET of the elements (each set here holds one element, so DER's ordering rule is met). */
export const set = (...items: Uint8Array[]): Uint8Array => tlv(0x31, concat(items));

/** A context-specific tag: `[n] EXPLICIT` (constructed, wraps the element) or `[n] IMPLICIT` primitive contents. */
export function contextTag(n: number, contents: Uint8Array, constructed: boolean): Uint8Array {
  return tlv(0x80 | (constructed ? 0x20 : 0) | n, contents);
}

/** BOOLEAN (DER: true is 0xff). */
export const boolean = (value: boolean): Uint8Array => tlv(0x01, Uint8Array.of(value ? 0xff : 0x00));

/**
 * A non-negative INTEGER from its big-endian magnitude: leading zero octets dropped (minimal
 * encoding), one 0x00 put back when the high bit is set (so it does not read as negative).
 */
export function unsignedInteger(magnitude: Uint8Array): Uint8Array {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start += 1;
  const body = magnitude.subarray(start);
  if (body.length === 0) return tlv(0x02, Uint8Array.of(0));
  return tlv(0x02, body[0]! & 0x80 ? concat([Uint8Array.of(0), body]) : body);
}

/** A small non-negative INTEGER. */
export function smallInteger(n: number): Uint8Array {
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return unsignedInteger(Uint8Array.from(bytes));
}

/** OBJECT IDENTIFIER from dotted text (`1.2.840.10045.4.3.2`): 40·a+b, then base-128 arcs. */
export function oid(dotted: string): Uint8Array {
  const arcs = dotted.split('.').map(Number);
  if (arcs.length < 2 || arcs.some((a) => !Number.isSafeInteger(a) || a < 0)) throw new InternalError(`not an OID: ${dotted}`);
  const out: number[] = [];
  for (const arc of [arcs[0]! * 40 + arcs[1]!, ...arcs.slice(2)]) {
    const chunk: number[] = [arc & 0x7f];
    for (let v = Math.floor(arc / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift(0x80 | (v & 0x7f));
    out.push(...chunk);
  }
  return tlv(0x06, Uint8Array.from(out));
}

/** BIT STRING of whole octets, or with `unusedBits` trailing bits of the last octet unused. */
export const bitString = (bytes: Uint8Array, unusedBits = 0): Uint8Array => tlv(0x03, concat([Uint8Array.of(unusedBits), bytes]));

/** OCTET STRING. */
export const octetString = (bytes: Uint8Array): Uint8Array => tlv(0x04, bytes);

/** UTF8String. */
export const utf8String = (text: string): Uint8Array => tlv(0x0c, new TextEncoder().encode(text));

/**
 * An X.509 Time (RFC 5280 4.1.2.5): UTCTime `YYMMDDHHMMSSZ` for the years 1950-2049, else
 * GeneralizedTime `YYYYMMDDHHMMSSZ`; whole seconds (milliseconds dropped), always UTC.
 */
export function time(date: Date): Uint8Array {
  const year = date.getUTCFullYear();
  const two = (n: number): string => String(n).padStart(2, '0');
  const rest = `${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}${two(date.getUTCHours())}${two(date.getUTCMinutes())}${two(date.getUTCSeconds())}Z`;
  const ascii = (s: string): Uint8Array => new TextEncoder().encode(s);
  if (year >= 1950 && year < 2050) return tlv(0x17, ascii(`${two(year % 100)}${rest}`));
  return tlv(0x18, ascii(`${String(year).padStart(4, '0')}${rest}`));
}

/** The 4 or 16 octets of an IPv4 or IPv6 address (an iPAddress GeneralName's contents). */
export function ipOctets(address: string): Uint8Array {
  if (isIPv4(address)) return Uint8Array.from(address.split('.').map(Number));
  if (!isIPv6(address)) throw new InternalError(`not an IP address: ${address}`);
  let text = address.replace(/%.*$/, ''); // a zone index names an interface, not part of the address
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const groups = (s: string | undefined): string[] => (s ? s.split(':') : []);
  const left = groups(head);
  const right = groups(tail);
  const all = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  const out = new Uint8Array(16);
  all.forEach((g, i) => {
    const v = parseInt(g, 16);
    out[i * 2] = v >> 8;
    out[i * 2 + 1] = v & 0xff;
  });
  return out;
}
