import zlib from 'node:zlib';
import sharp from 'sharp';

/** Images and multipart bodies for upload tests. */

export type Format = 'png' | 'jpeg' | 'webp' | 'gif';

/** A solid test image of the given format and size. */
export function image(format: Format, width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } })
    .toFormat(format)
    .toBuffer();
}

/** A PNG that claims a huge size in its header and holds almost no data (a decompression bomb). */
export function hugePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; colour type 0 (grey), default compression, filter and interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface Part {
  field: string;
  data: Buffer | string;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body as a browser would send it. */
export async function multipart(parts: Part[]): Promise<{ headers: Record<string, string>; payload: Buffer }> {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename === undefined && typeof part.data === 'string') form.append(part.field, part.data);
    else
      form.append(
        part.field,
        new Blob([new Uint8Array(Buffer.from(part.data))], { type: part.type ?? 'application/octet-stream' }),
        part.filename ?? 'blob',
      );
  }
  const request = new Request('http://x', { method: 'POST', body: form });
  return {
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  };
}
