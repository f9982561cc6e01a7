import { crc32, deflateSync } from 'node:zlib';

/*
 * The back office's app icon as a PNG, drawn in the salon's colour: a square of that colour
 * with a white ring in its middle. Drawn here rather than shipped as files because the colour
 * is the salon's own (a setting), and a browser installs an app only with a PNG icon of at
 * least 144 pixels. The ring stays inside the middle 80 % a phone may crop a "maskable" icon to.
 */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** `#rrggbb` → its three channels (an invalid colour: the default plum). */
function channels(colour: string): [number, number, number] {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!match) return [0x7a, 0x2e, 0x54];
  return [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)];
}

/** A `size`×`size` RGB PNG: the colour, and a white ring (anti-aliased) around the centre. */
export function officeIconPng(size: number, colour: string): Buffer {
  const [r, g, b] = channels(colour);
  const centre = size / 2;
  const outer = size * 0.26;
  const inner = size * 0.15;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      const distance = Math.hypot(x + 0.5 - centre, y + 0.5 - centre);
      // How white the pixel is: 1 inside the ring, fading over one pixel at its two edges.
      const white = Math.max(0, Math.min(1, outer - distance + 0.5, distance - inner + 0.5));
      const offset = 1 + x * 3;
      row[offset] = Math.round(r + (255 - r) * white);
      row[offset + 1] = Math.round(g + (255 - g) * white);
      row[offset + 2] = Math.round(b + (255 - b) * white);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // truecolour, no alpha
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
