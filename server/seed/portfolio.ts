import sharp from 'sharp';
import type { Db } from '../db';
import type { Storage } from '../providers/storage';
import { M, landingDefaults } from '../../shared/messages';

/** Simple product silhouettes, one per seeded reference, drawn as SVG so nothing is downloaded. */
const PRODUCTS = [
  // coffee table
  `<rect x="180" y="300" width="440" height="46" rx="10" fill="#6b4226"/><rect x="220" y="346" width="28" height="150" fill="#4a2c17"/><rect x="552" y="346" width="28" height="150" fill="#4a2c17"/><rect x="200" y="310" width="400" height="8" fill="#8a5a36"/>`,
  // necklace with pendant
  `<path d="M250 170 Q400 470 550 170" stroke="#c9ccd1" stroke-width="10" fill="none"/><circle cx="400" cy="330" r="42" fill="#dfe3e8" stroke="#9aa1aa" stroke-width="6"/><circle cx="400" cy="330" r="16" fill="#7cc4e8"/>`,
  // wallet
  `<rect x="230" y="220" width="340" height="220" rx="22" fill="#7a3b1d"/><rect x="230" y="220" width="340" height="90" rx="22" fill="#8f4a26"/><circle cx="520" cy="300" r="14" fill="#d9b26f"/>`,
];

const W = 800;
const H = 600;

function beforeSvg(product: string): Buffer {
  // A casual phone photo: flat grey table, uneven light, clutter.
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <rect width="${W}" height="${H}" fill="#9a9389"/><rect y="420" width="${W}" height="180" fill="#857d72"/>
    <circle cx="90" cy="90" r="60" fill="#b0a99e"/><rect x="640" y="80" width="110" height="160" fill="#7d766c"/>
    <g opacity="0.85">${product}</g><rect width="${W}" height="${H}" fill="#000" opacity="0.12"/></svg>`);
}

function afterSvg(product: string, from: string, to: string): Buffer {
  // The studio version: seamless gradient backdrop and a soft contact shadow.
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <radialGradient id="s"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#g)"/><ellipse cx="400" cy="505" rx="260" ry="26" fill="url(#s)"/>${product}</svg>`);
}

const BACKDROPS: [string, string][] = [
  ['#ffffff', '#e9ecef'],
  ['#2b2d42', '#0d0e1a'],
  ['#fff4e6', '#f3d9b1'],
];

/** The i-th item of a non-empty list, starting over at its end. */
const cycled = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

/** Seeds the default reference works with before/after images stored as public files. */
export async function seedPortfolio(db: Db, storage: Storage): Promise<void> {
  const rows = [];
  for (const [i, item] of M.defaults.portfolio.entries()) {
    const product = cycled(PRODUCTS, i);
    const [from, to] = cycled(BACKDROPS, i);
    const before = await sharp(beforeSvg(product)).jpeg({ quality: 80 }).toBuffer();
    const after = await sharp(afterSvg(product, from, to))
      .jpeg({ quality: 90 })
      .toBuffer();
    await storage.put(`public/portfolio/${i + 1}-before.jpg`, before, 'image/jpeg');
    await storage.put(`public/portfolio/${i + 1}-after.jpg`, after, 'image/jpeg');
    const english = landingDefaults('en').portfolio[i]!;
    rows.push({
      ...item,
      title_en: english.title,
      description_en: english.description,
      before_image_url: `/api/files/public/portfolio/${i + 1}-before.jpg`,
      after_image_url: `/api/files/public/portfolio/${i + 1}-after.jpg`,
      display_order: i + 1,
      // Drawn examples, not a seller's work: a draft until an admin publishes a real one.
      is_active: false,
    });
  }
  await db.insertInto('portfolio_items').values(rows).execute();
}
