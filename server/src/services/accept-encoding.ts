/**
 * Which content coding to answer with, from a request's Accept-Encoding (RFC 9110 §12.5.3): brotli before gzip
 * (smaller for the same text), and identity when neither is acceptable. A coding is acceptable when named, or
 * covered by `*`, with a q-value above 0.
 */
import type { ContentCoding } from '../../../contract/compressed-files';

const preference: readonly ContentCoding[] = ['br', 'gzip'];

export function chooseEncoding(header: string | string[] | undefined, available: readonly ContentCoding[] = preference): ContentCoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') q = Number(value);
    }
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(q) ? q : 0);
  }
  const star = weights.get('*');
  for (const coding of preference) {
    if (!available.includes(coding)) continue;
    const q = weights.get(coding) ?? star ?? 0;
    if (q > 0) return coding;
  }
  return undefined;
}
