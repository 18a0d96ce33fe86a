/**
 * Recognises media by their first bytes. The CDN's Content-Type alone is not trusted: an error page served
 * as image/jpeg must never reach sharp or the media store, and sharp must never see formats we do not
 * mean to decode (SVG, TIFF, PDF…).
 */
export type SniffedMediaType =
  | 'image/jpeg'
  | 'image/png'
  | 'image/gif'
  | 'image/webp'
  | 'image/heic'
  | 'image/avif'
  | 'video/mp4'
  | 'video/quicktime';

/** Enough bytes for every signature below (RIFF....WEBP, ....ftypBRND). */
export const SNIFF_BYTES = 12;

// ISO-BMFF brands that mark a still image; every other `ftyp` file is treated as video.
const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

export function sniffMediaType(bytes: Uint8Array): SniffedMediaType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return 'image/png';
  if (bytes.length >= 4 && ascii(bytes, 0, 4) === 'GIF8') return 'image/gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  if (bytes.length >= 8 && ascii(bytes, 4, 8) === 'ftyp') {
    const brand = bytes.length >= 12 ? ascii(bytes, 8, 12) : '';
    if (AVIF_BRANDS.has(brand)) return 'image/avif';
    if (HEIF_BRANDS.has(brand)) return 'image/heic';
    if (brand === 'qt  ') return 'video/quicktime';
    return 'video/mp4';
  }
  return undefined;
}

export function mediaKindOf(type: string): 'image' | 'video' | undefined {
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  return undefined;
}

/** "Image/JPEG; charset=binary" → "image/jpeg". */
export function essenceOf(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}
