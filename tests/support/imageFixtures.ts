/**
 * Images for the attachment tests: real ones drawn with sharp, and a PNG bomb, a valid PNG
 * (PNG spec §5: signature, IHDR, IDAT, IEND, each chunk with its CRC-32) whose header claims
 * more pixels than any screen has, with almost no data behind it.
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A noisy photo-like image (noise does not compress, so the file is large for its size). */
export async function noiseImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' = 'jpeg',
): Promise<Buffer> {
  const image = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 95 }).toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function pngBomb(width = 100_000, height = 100_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    // The start of an all-zero image: deflate makes gigabytes of zeros from a few bytes.
    chunk('IDAT', deflateSync(Buffer.alloc(1024 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
