/**
 * `npm run bench:captcha` (issue 30 point 5): how much of the sign-in captcha a trained reader
 * reads, and what a picture costs to draw.
 *
 * 1. Cost: ms per picture of `captchaPng` (what GET /captcha/{contact} draws on the sign-in
 *    path) beside a bare baseline in the same run — a blank picture of the same size encoded
 *    the same way — in interleaved rounds; the ratio is the figure to compare across machines.
 *    And the PNG's size in bytes.
 * 2. Readers: CAPTCHA_BENCH_TRAIN (default 5 000) labelled pictures train each k-NN reader of
 *    test/support/captcha-knn.ts (the slot reader, a whole-picture one and a stronger
 *    HOG one); CAPTCHA_BENCH_TEST (default 300) held-back pictures are read. Each reader's rate
 *    of whole answers is printed with its 95 % interval (Wilson); a rate over 1 in 20 sets the
 *    exit code. Pictures come from the function the route serves (`captchaAnswer`,
 *    `captchaPng`), labelled with their answers as the sandbox outbox would label them.
 *
 * Environment: CAPTCHA_BENCH_TRAIN, CAPTCHA_BENCH_TEST, CAPTCHA_BENCH_ROUNDS (cost rounds,
 * default 5, of 200 pictures each), CAPTCHA_BENCH_READERS (comma-separated; default all).
 */
import {
  CAPTCHA_HEIGHT,
  CAPTCHA_LENGTH,
  CAPTCHA_WIDTH,
  captchaAnswer,
  captchaPng,
  Raster,
} from '../src/modules/auth/captcha-image';
import { READERS, type ReaderName, score, trainReader, wilson } from '../test/support/captcha-knn';

const TRAIN = Number(process.env.CAPTCHA_BENCH_TRAIN ?? 5000);
const TEST = Number(process.env.CAPTCHA_BENCH_TEST ?? 300);
const ROUNDS = Number(process.env.CAPTCHA_BENCH_ROUNDS ?? 5);
const PER_ROUND = 200;
const CHOSEN = (process.env.CAPTCHA_BENCH_READERS?.split(',').filter(Boolean) ?? READERS) as ReaderName[];
/** Issue 30 point 5 (and docs/security.md): at most 1 in 20 pictures may fall to a trained reader. */
const BOUND = 1 / 20;

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

function cost(): void {
  const bare = () => new Raster(CAPTCHA_WIDTH, CAPTCHA_HEIGHT, [0.93, 0.93, 0.95]).toPng();
  const answers = Array.from({ length: PER_ROUND }, () => captchaAnswer());
  for (let i = 0; i < 20; i++) {
    bare();
    captchaPng(answers[i] ?? '00000');
  }
  const captchaMs: number[] = [];
  const bareMs: number[] = [];
  const sizes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let started = performance.now();
    for (let i = 0; i < PER_ROUND; i++) bare();
    bareMs.push((performance.now() - started) / PER_ROUND);
    started = performance.now();
    for (const answer of answers) sizes.push(captchaPng(answer).length);
    captchaMs.push((performance.now() - started) / PER_ROUND);
  }
  const captcha = median(captchaMs);
  const baseline = median(bareMs);
  console.log(`cost: ${ROUNDS} rounds of ${PER_ROUND} pictures, medians`);
  console.log(
    `  captchaPng            ${captcha.toFixed(2)} ms a picture (rounds: ${captchaMs.map((ms) => ms.toFixed(2)).join(', ')})`,
  );
  console.log(
    `  bare ${CAPTCHA_WIDTH} × ${CAPTCHA_HEIGHT} PNG     ${baseline.toFixed(2)} ms a picture (rounds: ${bareMs.map((ms) => ms.toFixed(2)).join(', ')})`,
  );
  console.log(`  ratio                 ${(captcha / baseline).toFixed(1)} × the bare picture`);
  console.log(
    `  PNG size              mean ${Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length)} bytes, max ${Math.max(...sizes)}`,
  );
}

function readers(): boolean {
  const started = performance.now();
  const labelled = (count: number) =>
    Array.from({ length: count }, () => {
      const answer = captchaAnswer();
      return { answer, file: captchaPng(answer) };
    });
  const training = labelled(TRAIN);
  const test = labelled(TEST);
  console.log(
    `\nreaders: trained on ${TRAIN} labelled pictures, read ${TEST} held back (${CAPTCHA_LENGTH} digits each; drawn in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  let within = true;
  for (const name of CHOSEN) {
    const begun = performance.now();
    const result = score(trainReader(name, training, CAPTCHA_LENGTH), test);
    const [low, high] = wilson(result.solved, result.n);
    const rate = result.solved / result.n;
    if (rate > BOUND) within = false;
    console.log(
      `  ${name.padEnd(6)} ${String(result.solved).padStart(3)} of ${result.n} = ${percent(rate).padStart(6)}  95 % ${percent(low)}–${percent(high)}` +
        `  digits ${percent(result.digits / result.total)}  ${rate > BOUND ? 'OVER the bound' : 'within'} (${((performance.now() - begun) / 1000).toFixed(0)} s)`,
    );
  }
  console.log(`bound: at most ${percent(BOUND)} of pictures read by any reader — ${within ? 'held' : 'NOT held'}`);
  return within;
}

cost();
if (!readers()) process.exitCode = 1;
