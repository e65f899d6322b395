import { inflateSync } from 'node:zlib';

/** Decodes an 8-bit RGB or RGBA PNG (what Chromium's screenshots are) into its pixel rows. */
export function decodePng(buf: Buffer): {
  width: number;
  height: number;
  channels: number;
  pixels: Uint8Array;
} {
  let pos = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('ascii', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8) throw new Error('only 8-bit PNGs');
      channels = data[9] === 6 ? 4 : data[9] === 2 ? 3 : 0;
      if (channels === 0) throw new Error(`PNG colour type ${data[9]} not handled`);
    } else if (type === 'IDAT') idat.push(data);
    pos += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)]!;
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[row + x - channels]! : 0;
      const b = y > 0 ? pixels[row - stride + x]! : 0;
      const c = x >= channels && y > 0 ? pixels[row - stride + x - channels]! : 0;
      let v = raw[src + x]!;
      if (f === 1) v += a;
      else if (f === 2) v += b;
      else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      pixels[row + x] = v & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

/** Distinct colours in a screenshot (a blank page has one or two). */
export function distinctColours(png: Buffer): number {
  const { pixels, channels } = decodePng(png);
  const seen = new Set<number>();
  for (let i = 0; i < pixels.length; i += channels)
    seen.add((pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!);
  return seen.size;
}

/** Pixels that differ between two screenshots of the same size. */
export function differingPixels(a: Buffer, b: Buffer): number {
  const x = decodePng(a);
  const y = decodePng(b);
  if (x.width !== y.width || x.height !== y.height) return x.width * x.height;
  let n = 0;
  for (let i = 0; i < x.pixels.length; i += x.channels)
    if (
      x.pixels[i] !== y.pixels[i] ||
      x.pixels[i + 1] !== y.pixels[i + 1] ||
      x.pixels[i + 2] !== y.pixels[i + 2]
    )
      n++;
  return n;
}
