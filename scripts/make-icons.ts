// Renders assets/icon.svg into the PNG sizes the stores and browsers ask for, with Chromium.
// Run: npx tsx scripts/make-icons.ts (the PNGs are committed; run again after changing the SVG).
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const SIZES = [16, 32, 48, 96, 128];
const svg = readFileSync(new URL('../assets/icon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
for (const size of SIZES) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  await page.screenshot({ path: `public/icon/${size}.png`, omitBackground: true });
}
await browser.close();
console.log(`Icons written: ${SIZES.join(', ')}`);
