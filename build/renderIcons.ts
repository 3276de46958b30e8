// Renders build/icon.svg into the PNG, ICO and tray images that electron-builder and the app use.
// Run with `npm run icons` after editing the SVG; the outputs are committed.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const linuxSizes = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const icoSizes = [16, 24, 32, 48, 64, 128, 256];

/** Strips the dark rounded square and zooms onto the flame, so small tray icons stay legible. */
export function trayVariant(svg: string, monochrome: boolean): string {
  const flame = svg
    .replace(/<rect x="2" y="2"[^>]*\/>/, '')
    .replace('viewBox="0 0 64 64"', 'viewBox="10 11 44 44"');
  // A macOS template image is read only for its alpha, so every fill becomes plain black.
  return monochrome ? flame.replace(/fill="[^"]*"/g, 'fill="#000000"') : flame;
}

/** The tray icon with a dot in its corner: something waits for the user (an approval, a password). */
export function withAttentionDot(svg: string, monochrome: boolean): string {
  const fill = monochrome ? '#000000' : '#e5322d';
  return svg.replace('</svg>', `<circle cx="46" cy="19" r="8" fill="${fill}"/></svg>`);
}

/** Rasterises an SVG at one size with Chromium, keeping the transparent background. */
export async function renderPng(page: Page, svg: string, size: number): Promise<Buffer> {
  const sized = svg.replace(/width="\d+" height="\d+"/, `width="${size}" height="${size}"`);
  await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${sized}`);
  const clip = { x: 0, y: 0, width: size, height: size };
  return page.screenshot({ type: 'png', omitBackground: true, clip });
}

/** Packs PNG images into one ICO container, which Windows and NSIS want for the app icon. */
export function buildIco(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // width, 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1); // height
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

const svg = await readFile(join(here, 'icon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1024, height: 1024 } });
  await mkdir(join(here, 'icons'), { recursive: true });
  const pngs = new Map<number, Buffer>();
  for (const size of linuxSizes) {
    const png = await renderPng(page, svg, size);
    pngs.set(size, png);
    await writeFile(join(here, 'icons', `${size}x${size}.png`), png);
  }
  await writeFile(join(here, 'icon.png'), pngs.get(1024) ?? Buffer.alloc(0));
  const icoImages = icoSizes.map((size) => ({ size, png: pngs.get(size) ?? Buffer.alloc(0) }));
  await writeFile(join(here, 'icon.ico'), buildIco(icoImages));
  const template = trayVariant(svg, true);
  await writeFile(join(here, 'trayTemplate.png'), await renderPng(page, template, 16));
  await writeFile(join(here, 'trayTemplate@2x.png'), await renderPng(page, template, 32));
  await writeFile(join(here, 'tray.png'), await renderPng(page, trayVariant(svg, false), 32));
  const attentionTemplate = withAttentionDot(template, true);
  await writeFile(
    join(here, 'trayAttentionTemplate.png'),
    await renderPng(page, attentionTemplate, 16),
  );
  await writeFile(
    join(here, 'trayAttentionTemplate@2x.png'),
    await renderPng(page, attentionTemplate, 32),
  );
  await writeFile(
    join(here, 'trayAttention.png'),
    await renderPng(page, withAttentionDot(trayVariant(svg, false), false), 32),
  );
  console.log(`icons: ${linuxSizes.length} PNGs, icon.png, icon.ico, 6 tray images in build/`);
} finally {
  await browser.close();
}
