// `npx ts-node scripts/icons.ts`: the app icons of public/manifest.webmanifest, drawn from the logo's
// cloud monogram (src/app/layout/Logo.tsx, public/favicon.svg). The PNGs are committed; rerun after
// changing the logo.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const outDir = path.resolve(__dirname, '..', 'public', 'icons');

// The logo's paths, in its 40×40 box.
const cloud =
  'M12.5 31C7.3 31 3 26.9 3 21.7c0-4.5 3.2-8.3 7.5-9.2C12 8.1 16.2 5 21 5c5.6 0 10.3 4.1 11 9.5 3.3 1 5.5 4 5.5 7.5 0 4.9-4 9-9 9H12.5Z';
const chart = 'M12 24l5-7 4 5 3-3 4 5';

/**
 * `scale` is the share of the icon the 40-unit logo box takes. "any" icons keep a small margin;
 * maskable icons keep the logo inside the central 80 % safe zone (a circle of radius 40 %) on a
 * full-bleed background, since launchers crop them to their own shape.
 */
function iconSvg({ size, scale, background }: { size: number; scale: number; background: 'white' | 'brand' }): string {
  const box = size * scale;
  const offset = (size - box) / 2;
  const k = box / 40;
  const fill = background === 'brand' ? '#ffffff' : 'url(#g)';
  const stroke = background === 'brand' ? '#0b5fce' : '#ffffff';
  const backdrop =
    background === 'brand'
      ? `<rect width="${size}" height="${size}" fill="url(#g)"/>`
      : `<rect width="${size}" height="${size}" rx="${size * 0.22}" fill="#ffffff"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b5fce"/><stop offset="1" stop-color="#00a3a3"/></linearGradient></defs>
  ${backdrop}
  <g transform="translate(${offset} ${offset}) scale(${k})">
    <path fill="${fill}" d="${cloud}"/>
    <path d="${chart}" fill="none" stroke="${stroke}" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
</svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, scale: 0.86, background: 'white' },
  { file: 'icon-512.png', size: 512, scale: 0.86, background: 'white' },
  // The cloud reaches at most 17.6 units from the box centre: at 0.75 that is 33 % of the icon, inside
  // the safe zone's 40 % radius with room to spare.
  { file: 'maskable-192.png', size: 192, scale: 0.75, background: 'brand' },
  { file: 'maskable-512.png', size: 512, scale: 0.75, background: 'brand' },
  { file: 'apple-touch-icon.png', size: 180, scale: 0.7, background: 'brand' },
] as const;

async function main(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  for (const icon of icons) {
    const svg = iconSvg(icon);
    await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(path.join(outDir, icon.file));
    console.log(`✔ public/icons/${icon.file}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
