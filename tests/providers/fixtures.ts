import sharp from 'sharp';

/**
 * A seller-style product photo: a glossy vase and a small box on a plain
 * light background, rendered from SVG so tests need no binary fixtures.
 */
export async function productPhoto(width = 1600, height = 1200): Promise<Buffer> {
  const cx = width / 2;
  const s = height / 1200;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="body" x1="0" x2="1">
      <stop offset="0" stop-color="#5b2a86"/><stop offset="0.45" stop-color="#b07ad9"/><stop offset="1" stop-color="#3b1760"/>
    </linearGradient>
    <linearGradient id="box" x1="0" x2="0" y1="0" y2="1">
      <stop offset="0" stop-color="#d9a441"/><stop offset="1" stop-color="#9c6b12"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="#f1efec"/>
  <path d="M ${cx - 90 * s} ${250 * s} Q ${cx - 300 * s} ${600 * s} ${cx - 170 * s} ${950 * s} L ${cx + 170 * s} ${950 * s}
           Q ${cx + 300 * s} ${600 * s} ${cx + 90 * s} ${250 * s} Z" fill="url(#body)"/>
  <rect x="${cx - 110 * s}" y="${200 * s}" width="${220 * s}" height="${60 * s}" rx="${14 * s}" fill="#2e1048"/>
  <rect x="${cx + 220 * s}" y="${760 * s}" width="${260 * s}" height="${190 * s}" rx="${10 * s}" fill="url(#box)"/>
  <circle cx="${cx - 40 * s}" cy="${520 * s}" r="${40 * s}" fill="#ffffff" fill-opacity="0.35"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** A photo with a busy background, which the studio must not try to cut out. */
export async function busyPhoto(width = 800, height = 600): Promise<Buffer> {
  const px = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      px[i] = (x * 7 + y * 3) % 256;
      px[i + 1] = (x * y) % 251;
      px[i + 2] = (y * 11) % 256;
    }
  }
  return sharp(px, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}
