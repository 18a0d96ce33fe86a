#!/usr/bin/env node
/**
 * Draws the marketing site's images: the nine sample posts of the landing page's widget preview
 * (public/marketing/sample-N.webp) and the link-preview image (public/og-image.png).
 *
 * Every picture is drawn here as SVG (simple product still lifes in the brand's warm palette) and rasterised
 * with sharp; nothing is taken from anywhere. The outputs are committed, so this only runs when the drawings
 * change: `npm run images:marketing -w pwa` (sharp comes from the api workspace).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const SIZE = 320;

/** A soft studio backdrop: a two-tone gradient and a floor shadow. */
const backdrop = (id, from, to, floor = 0.18) => `
  <defs>
    <linearGradient id="bg-${id}" x1="0" y1="0" x2="0.4" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="sh-${id}" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#000" stop-opacity="${floor}"/><stop offset="1" stop-color="#000" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="320" height="320" fill="url(#bg-${id})"/>
  <circle cx="250" cy="70" r="90" fill="#fff" opacity="0.18"/>`;

const SAMPLES = [
  // 1. Perfume bottle on peach.
  `${backdrop('p', '#fde6d4', '#f6b99c')}
   <ellipse cx="160" cy="262" rx="82" ry="14" fill="url(#sh-p)"/>
   <defs><linearGradient id="glass" x1="0" y1="0" x2="1" y2="1">
     <stop offset="0" stop-color="#fbd38d"/><stop offset="1" stop-color="#d97706"/></linearGradient></defs>
   <rect x="146" y="78" width="28" height="26" rx="4" fill="#7c2d12"/>
   <rect x="138" y="98" width="44" height="16" rx="4" fill="#3f1d0b"/>
   <rect x="96" y="112" width="128" height="148" rx="30" fill="url(#glass)"/>
   <rect x="108" y="124" width="22" height="118" rx="11" fill="#fff" opacity="0.35"/>
   <rect x="134" y="170" width="64" height="40" rx="8" fill="#fff7ed" opacity="0.92"/>
   <rect x="146" y="184" width="40" height="5" rx="2.5" fill="#9a3412"/>
   <rect x="152" y="194" width="28" height="4" rx="2" fill="#c2410c" opacity="0.6"/>`,
  // 2. Coffee cup on latte beige.
  `${backdrop('c', '#f3e7d7', '#dcc3a1')}
   <ellipse cx="160" cy="258" rx="112" ry="16" fill="url(#sh-c)"/>
   <ellipse cx="160" cy="238" rx="104" ry="26" fill="#fffaf3"/>
   <ellipse cx="160" cy="234" rx="84" ry="18" fill="#efe2cf"/>
   <path d="M92 150h136l-12 74c-3 16-17 22-56 22s-53-6-56-22Z" fill="#ffffff"/>
   <path d="M226 168c30-4 40 12 34 28-6 15-22 20-42 18" fill="none" stroke="#ffffff" stroke-width="12"/>
   <ellipse cx="160" cy="150" rx="68" ry="14" fill="#7c4a24"/>
   <ellipse cx="160" cy="148" rx="30" ry="6" fill="#c08457" opacity="0.8"/>
   <path d="M136 116c-10-14 10-22 0-38M164 118c-10-14 10-22 0-38M192 116c-10-14 10-22 0-38" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity="0.7"/>`,
  // 3. Gift box on rose.
  `${backdrop('g', '#fde2ea', '#f5a8c0')}
   <ellipse cx="160" cy="262" rx="104" ry="14" fill="url(#sh-g)"/>
   <rect x="74" y="146" width="172" height="112" rx="10" fill="#be185d"/>
   <rect x="64" y="120" width="192" height="38" rx="10" fill="#db2777"/>
   <rect x="146" y="120" width="28" height="138" fill="#fde68a"/>
   <path d="M160 120c-34-6-62-40-38-52 20-10 32 22 38 52Zm0 0c34-6 62-40 38-52-20-10-32 22-38 52Z" fill="#fcd34d"/>
   <circle cx="160" cy="120" r="10" fill="#f59e0b"/>
   <rect x="86" y="168" width="14" height="76" rx="7" fill="#fff" opacity="0.18"/>`,
  // 4. Plant in a terracotta pot on sage.
  `${backdrop('l', '#e3eee0', '#b7d1b0')}
   <ellipse cx="160" cy="266" rx="84" ry="12" fill="url(#sh-l)"/>
   <g fill="#3f7d4e">
     <ellipse cx="118" cy="130" rx="22" ry="58" transform="rotate(-30 118 130)"/>
     <ellipse cx="202" cy="130" rx="22" ry="58" transform="rotate(30 202 130)"/>
   </g>
   <g fill="#5a9e68">
     <ellipse cx="160" cy="104" rx="22" ry="66"/>
     <ellipse cx="132" cy="160" rx="18" ry="44" transform="rotate(-55 132 160)"/>
     <ellipse cx="188" cy="160" rx="18" ry="44" transform="rotate(55 188 160)"/>
   </g>
   <path d="M104 180h112l-14 80c-2 8-8 10-42 10s-40-2-42-10Z" fill="#c2703d"/>
   <rect x="96" y="172" width="128" height="22" rx="6" fill="#d98a52"/>`,
  // 5. A bowl of dates on sand.
  `${backdrop('d', '#f8ecd2', '#e6c98f')}
   <ellipse cx="160" cy="256" rx="118" ry="16" fill="url(#sh-d)"/>
   <g fill="#6b2f12">
     <ellipse cx="122" cy="158" rx="22" ry="14" transform="rotate(-20 122 158)"/>
     <ellipse cx="160" cy="148" rx="22" ry="14" transform="rotate(10 160 148)"/>
     <ellipse cx="198" cy="158" rx="22" ry="14" transform="rotate(25 198 158)"/>
     <ellipse cx="140" cy="170" rx="22" ry="14" transform="rotate(-5 140 170)"/>
     <ellipse cx="180" cy="172" rx="22" ry="14" transform="rotate(15 180 172)"/>
   </g>
   <g fill="#9a4a1c" opacity="0.9">
     <ellipse cx="116" cy="154" rx="8" ry="4" transform="rotate(-20 116 154)"/>
     <ellipse cx="154" cy="144" rx="8" ry="4"/>
     <ellipse cx="192" cy="153" rx="8" ry="4" transform="rotate(25 192 153)"/>
   </g>
   <path d="M64 172h192c0 50-40 84-96 84s-96-34-96-84Z" fill="#f5f0e6"/>
   <path d="M64 172h192" stroke="#e7dcc8" stroke-width="6" stroke-linecap="round"/>
   <path d="M92 196c18 30 48 44 68 44" fill="none" stroke="#d6a35c" stroke-width="5" stroke-linecap="round"/>`,
  // 6. Oud incense burner (mabkhara) with smoke, on lavender.
  `${backdrop('o', '#ece6fb', '#c4b5f0')}
   <ellipse cx="160" cy="266" rx="76" ry="12" fill="url(#sh-o)"/>
   <path d="M128 250h64l-8-26h-48Z" fill="#6d28d9"/>
   <rect x="146" y="196" width="28" height="30" fill="#7c3aed"/>
   <path d="M108 150h104l-16 50h-72Z" fill="#8b5cf6"/>
   <rect x="102" y="140" width="116" height="16" rx="6" fill="#a78bfa"/>
   <path d="M118 170h84M124 184h72" stroke="#ddd6fe" stroke-width="4"/>
   <path d="M150 130c-16-22 16-30 0-56M172 128c-14-20 14-30 2-58" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity="0.75"/>
   <circle cx="160" cy="142" r="7" fill="#fb923c"/>`,
  // 7. Sunglasses on sky blue.
  `${backdrop('s', '#dff0fb', '#a5d3f2')}
   <ellipse cx="160" cy="224" rx="120" ry="14" fill="url(#sh-s)"/>
   <path d="M40 140h240" stroke="#1e293b" stroke-width="8" stroke-linecap="round"/>
   <path d="M52 140h92c0 40-14 66-46 66s-46-26-46-66Z" fill="#0f172a"/>
   <path d="M176 140h92c0 40-14 66-46 66s-46-26-46-66Z" fill="#0f172a"/>
   <path d="M66 150c4 22 14 36 30 40" stroke="#60a5fa" stroke-width="6" stroke-linecap="round" fill="none" opacity="0.7"/>
   <path d="M190 150c4 22 14 36 30 40" stroke="#60a5fa" stroke-width="6" stroke-linecap="round" fill="none" opacity="0.7"/>
   <path d="M144 146c6-8 26-8 32 0" stroke="#1e293b" stroke-width="8" fill="none"/>`,
  // 8. A watch on deep navy.
  `${backdrop('w', '#2b3a63', '#151d36', 0.4)}
   <ellipse cx="160" cy="264" rx="70" ry="12" fill="url(#sh-w)"/>
   <rect x="128" y="28" width="64" height="264" rx="22" fill="#a16207"/>
   <rect x="136" y="28" width="48" height="264" rx="18" fill="#ca8a04" opacity="0.55"/>
   <circle cx="160" cy="160" r="70" fill="#e5e7eb"/>
   <circle cx="160" cy="160" r="60" fill="#f8fafc"/>
   <g stroke="#334155" stroke-width="4" stroke-linecap="round">
     <path d="M160 108v10M160 202v10M108 160h10M202 160h10"/>
     <path d="M160 160v-36M160 160l26 14"/>
   </g>
   <circle cx="160" cy="160" r="6" fill="#be185d"/>`,
  // 9. A slice of cake with a strawberry, on blush.
  `${backdrop('k', '#ffe8ea', '#fdbfc7')}
   <ellipse cx="160" cy="262" rx="110" ry="14" fill="url(#sh-k)"/>
   <ellipse cx="160" cy="246" rx="112" ry="20" fill="#ffffff"/>
   <path d="M72 236 236 196v44H72Z" fill="#fde7c8"/>
   <path d="M72 236 236 196v14L72 250Z" fill="#f9c58f"/>
   <path d="M72 210 236 170v26L72 236Z" fill="#fff1f2"/>
   <path d="M72 196 236 156v16L72 212Z" fill="#f472b6"/>
   <path d="M72 196 236 156c-20-12-60-14-112 8-30 13-46 24-52 32Z" fill="#fff7f8"/>
   <path d="M150 126c-18 6-24 30-10 40 14 10 40 0 42-20 2-16-16-26-32-20Z" fill="#e11d48"/>
   <path d="M156 124c4-10 14-14 22-10-6 2-10 6-12 12Z" fill="#16a34a"/>
   <g fill="#fde68a"><circle cx="150" cy="142" r="2"/><circle cx="162" cy="150" r="2"/><circle cx="170" cy="138" r="2"/></g>`,
];

const svg = (body, width = SIZE, height = SIZE) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  );

async function samples() {
  const dir = path.join(publicDir, 'marketing');
  mkdirSync(dir, { recursive: true });
  for (const [index, body] of SAMPLES.entries()) {
    const file = path.join(dir, `sample-${index + 1}.webp`);
    const info = await sharp(svg(body)).webp({ quality: 78, effort: 6 }).toFile(file);
    console.log(`${path.relative(publicDir, file)}  ${info.width}×${info.height}  ${info.size} B`);
  }
}

/** 1200 × 630: a 3 × 3 grid of the sample posts beside the brand mark and name in both languages. */
async function ogImage() {
  const tile = 140;
  const gap = 12;
  const gridLeft = 70;
  const gridTop = 93;
  const tiles = await Promise.all(
    SAMPLES.map((body) => sharp(svg(body)).resize(tile, tile).png().toBuffer()),
  );
  const roundMask = svg(`<rect width="${tile}" height="${tile}" rx="22" fill="#fff"/>`, tile, tile);
  const rounded = await Promise.all(
    tiles.map((buffer) =>
      sharp(buffer)
        .composite([{ input: roundMask, blend: 'dest-in' }])
        .png()
        .toBuffer(),
    ),
  );
  const font = `font-family="Noto Sans Arabic, Noto Sans, DejaVu Sans, sans-serif"`;
  const base = svg(
    `<defs>
       <linearGradient id="brand" x1="0" y1="0" x2="1" y2="1">
         <stop offset="0" stop-color="#f58529"/><stop offset="0.5" stop-color="#dd2a7b"/><stop offset="1" stop-color="#8134af"/>
       </linearGradient>
       <radialGradient id="glow" cx="0.22" cy="0.45" r="0.55">
         <stop offset="0" stop-color="#dd2a7b" stop-opacity="0.16"/><stop offset="1" stop-color="#dd2a7b" stop-opacity="0"/>
       </radialGradient>
     </defs>
     <rect width="1200" height="630" fill="#ffffff"/>
     <rect width="1200" height="630" fill="url(#glow)"/>
     <rect x="0" y="618" width="1200" height="12" fill="url(#brand)"/>
     <g transform="translate(1058 110)">
       <rect width="72" height="72" rx="20" fill="url(#brand)"/>
       <g fill="none" stroke="#fff" stroke-width="6">
         <rect x="14" y="14" width="44" height="44" rx="13"/><circle cx="36" cy="36" r="10.5"/>
       </g>
       <circle cx="50" cy="22" r="3" fill="#fff"/>
     </g>
     <text x="1130" y="300" text-anchor="end" ${font} font-size="104" font-weight="800" fill="#0f172a">لمحة</text>
     <text x="1130" y="368" text-anchor="end" ${font} font-size="44" font-weight="700" fill="#be185d">Lamha</text>
     <text x="1130" y="448" text-anchor="end" ${font} font-size="30" font-weight="600" fill="#334155">منشورات إنستغرام في متجرك الإلكتروني</text>
     <text x="1130" y="500" text-anchor="end" ${font} font-size="28" fill="#475569">Your Instagram feed in your online store</text>
     <text x="1130" y="560" text-anchor="end" ${font} font-size="24" font-weight="600" fill="#64748b">Salla · Zid · any store</text>`,
    1200,
    630,
  );
  const file = path.join(publicDir, 'og-image.png');
  const info = await sharp(base)
    .composite(
      rounded.map((input, index) => ({
        input,
        left: gridLeft + (index % 3) * (tile + gap),
        top: gridTop + Math.floor(index / 3) * (tile + gap),
      })),
    )
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toFile(file);
  console.log(`og-image.png  ${info.width}×${info.height}  ${info.size} B`);
}

await samples();
await ogImage();
