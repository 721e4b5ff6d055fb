#!/usr/bin/env node
// The entry-route JavaScript budget of docs/architecture.md ("JavaScript on the entry route,
// compressed as served": hard cap 120 kB, aim 90 kB). Reads the built index.html, takes the
// entry module script and every modulepreload link, gzips each at level 9 and adds them up.
// Exits 1 above the cap. Lazy route chunks are listed for information; they load after the entry.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 120;
const AIM_KB = 90;
const KB = 1000;

// BUDGET_DIST: another build folder (the script's own test measures made-up builds).
const dist = process.env.BUDGET_DIST ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const tags = html.match(/<(script|link)\b[^>]*>/gi) ?? [];
const attribute = (tag, name) => tag.match(new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i'))?.[1];

const entryFiles = [];
for (const tag of tags) {
  const isEntry = /^<script/i.test(tag) && attribute(tag, 'type') === 'module' && attribute(tag, 'src');
  const isPreload = /^<link/i.test(tag) && attribute(tag, 'rel') === 'modulepreload' && attribute(tag, 'href');
  const url = isEntry ? attribute(tag, 'src') : isPreload ? attribute(tag, 'href') : undefined;
  if (url && !/^(https?:)?\/\//.test(url) && !entryFiles.includes(url)) entryFiles.push(url);
}

if (entryFiles.length === 0) {
  console.error('check-budget: no <script type="module" src> in dist/index.html');
  process.exit(1);
}

const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const format = (bytes) => `${(bytes / KB).toFixed(1)} kB`;

let total = 0;
const rows = [];
for (const url of entryFiles) {
  const size = gzipSize(join(dist, url.replace(/^\//, '')));
  total += size;
  rows.push(`  ${format(size).padStart(9)}  ${url}`);
}

const entryNames = new Set(entryFiles.map((url) => url.split('/').pop()));
const lazyChunks = readdirSync(join(dist, 'assets'))
  .filter((name) => name.endsWith('.js') && !entryNames.has(name))
  .map((name) => ({ name, size: gzipSize(join(dist, 'assets', name)) }))
  .sort((a, b) => b.size - a.size);

console.log(`entry route JavaScript: ${format(total)} gzip (budget ${BUDGET_KB} kB, aim ${AIM_KB} kB)`);
console.log(rows.join('\n'));
if (lazyChunks.length > 0) {
  const largest = lazyChunks[0];
  console.log(`lazy chunks: ${lazyChunks.length}, largest ${format(largest.size)} gzip (${largest.name})`);
}

if (total > BUDGET_KB * KB) {
  console.error(`check-budget: entry route JavaScript ${format(total)} is over the ${BUDGET_KB} kB budget`);
  process.exit(1);
}
if (total > AIM_KB * KB) {
  console.warn(`check-budget: under the cap, but above the ${AIM_KB} kB aim`);
}
