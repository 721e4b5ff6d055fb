/**
 * `npm run bench:photos -w @chain/server`: what one rate/add photo costs on the request path
 * (issue 30.6, decision 041) — from its data URL to the bytes kept, or to the 400 — for an
 * ordinary phone photo, a camera photo near the 2 MB limit, the heaviest picture the pixel limit
 * lets through, and each bomb of the issue. Wall time and CPU time (every thread of the process,
 * libvips' included) per photo, median and 95th percentile of BENCH_RUNS runs (default 40) after
 * 3 warm-up runs, and each bomb's refusal against accepting the phone photo.
 */
import { MAX_RATING_PHOTO_PIXELS } from '@chain/contract';
import { decodePhoto } from '../src/modules/ratings/photos';
import { dataUrl, GIF_POLYGLOT, gifBomb, jpegBomb, phonePhoto, pngBomb, truncatedPng } from '../test/support/pictures';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 40);

interface Case {
  name: string;
  url: string;
  accepted: boolean;
}

interface Figures {
  wall: number[];
  cpu: number[];
}

async function measure(one: Case): Promise<Figures> {
  const figures: Figures = { wall: [], cpu: [] };
  for (let run = -3; run < RUNS; run += 1) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const accepted = await decodePhoto(one.url, 1).then(
      () => true,
      () => false,
    );
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    if (accepted !== one.accepted)
      throw new Error(`${one.name}: ${accepted ? 'accepted' : 'refused'}, expected the other`);
    if (run < 0) continue;
    figures.wall.push(wall);
    figures.cpu.push((used.user + used.system) / 1000);
  }
  return figures;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const ms = (value: number) => (value >= 10 ? value.toFixed(0) : value.toFixed(2)).padStart(7);

const side = Math.floor(Math.sqrt(MAX_RATING_PHOTO_PIXELS));
const cases: Case[] = [
  { name: 'phone photo 1600×1200 JPEG', url: dataUrl('image/jpeg', await phonePhoto()), accepted: true },
  {
    name: 'camera photo 4000×3000 JPEG q70',
    url: dataUrl('image/jpeg', await phonePhoto(4000, 3000, 70)),
    accepted: true,
  },
  { name: `heaviest allowed: PNG ${side}² (1-bit)`, url: dataUrl('image/png', pngBomb(side)), accepted: true },
  { name: 'bomb: PNG claiming 16000²', url: dataUrl('image/png', pngBomb(16_000)), accepted: false },
  { name: 'bomb: GIF screen 65535²', url: dataUrl('image/gif', gifBomb(65_535)), accepted: false },
  { name: 'bomb: JPEG SOF 65500²', url: dataUrl('image/jpeg', await jpegBomb(65_500)), accepted: false },
  { name: 'bomb: PNG cut to 40 bytes', url: dataUrl('image/png', await truncatedPng()), accepted: false },
  { name: 'bomb: a page behind GIF89a', url: dataUrl('image/gif', GIF_POLYGLOT), accepted: false },
];

console.log(`rate/add photo path, ${RUNS} runs each (ms: wall median / p95, CPU median / p95)`);
let phone: Figures | undefined;
for (const one of cases) {
  const figures = await measure(one);
  phone ??= figures;
  const wall = quantile(figures.wall, 0.5);
  const ratio = one.accepted
    ? ''
    : `   phone photo / this: ${(quantile(phone.wall, 0.5) / wall).toFixed(0)}× wall, ${(quantile(phone.cpu, 0.5) / Math.max(0.001, quantile(figures.cpu, 0.5))).toFixed(0)}× CPU`;
  const bytes = Math.round((one.url.length * 3) / 4 / 1024);
  console.log(
    `${one.name.padEnd(38)} ${String(bytes).padStart(5)} KB  wall ${ms(wall)} ${ms(quantile(figures.wall, 0.95))}  CPU ${ms(quantile(figures.cpu, 0.5))} ${ms(quantile(figures.cpu, 0.95))}${ratio}`,
  );
}
