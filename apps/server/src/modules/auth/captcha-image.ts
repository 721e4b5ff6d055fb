import { randomInt } from 'node:crypto';

/**
 * Draws a captcha answer as an SVG of hand-jittered strokes: digits are paths, not text,
 * so the answer is not in the markup, and each draw bends, turns and scales them anew,
 * over noise curves in the same colours.
 */

// Each digit as polylines in a 10×16 box.
const DIGITS: Record<string, Array<Array<[number, number]>>> = {
  '0': [[[2, 1], [8, 1], [9, 8], [8, 15], [2, 15], [1, 8], [2, 1]]],
  '1': [[[3, 4], [6, 1], [6, 15]], [[3, 15], [9, 15]]],
  '2': [[[1, 4], [3, 1], [7, 1], [9, 4], [8, 8], [1, 15], [9, 15]]],
  '3': [[[1, 2], [8, 1], [5, 7], [9, 10], [8, 14], [1, 15]]],
  '4': [[[7, 15], [7, 1], [1, 11], [9, 11]]],
  '5': [[[9, 1], [2, 1], [1, 7], [7, 7], [9, 11], [7, 15], [1, 14]]],
  '6': [[[8, 1], [3, 4], [1, 10], [3, 15], [8, 14], [9, 10], [6, 8], [1, 10]]],
  '7': [[[1, 1], [9, 1], [4, 15]], [[3, 8], [8, 8]]],
  '8': [[[5, 8], [1, 4], [3, 1], [7, 1], [9, 4], [5, 8], [1, 12], [3, 15], [7, 15], [9, 12], [5, 8]]],
  '9': [[[9, 6], [7, 1], [2, 1], [1, 6], [4, 8], [9, 6], [7, 12], [2, 15]]],
};

const INKS = ['#2b2a33', '#3c2f6b', '#14524a', '#6b2f2f', '#33415c'];

const jitter = (amount: number) => (randomInt(0, 2001) / 1000 - 1) * amount;

export const CAPTCHA_LENGTH = 5;

/** A random answer of CAPTCHA_LENGTH digits. */
export function captchaAnswer(): string {
  return Array.from({ length: CAPTCHA_LENGTH }, () => String(randomInt(0, 10))).join('');
}

/** The SVG picture of an answer (160×60). */
export function captchaSvg(answer: string): string {
  const width = 160;
  const height = 60;
  const parts: string[] = [];
  for (let i = 0; i < 7; i++) {
    const ink = INKS[randomInt(0, INKS.length)] ?? '#333';
    const y1 = randomInt(5, height - 5);
    const y2 = randomInt(5, height - 5);
    parts.push(
      `<path d="M0 ${y1} C ${randomInt(20, 70)} ${randomInt(0, height)}, ${randomInt(90, 140)} ${randomInt(0, height)}, ${width} ${y2}" stroke="${ink}" stroke-width="${(0.8 + Math.random() * 0.6).toFixed(1)}" fill="none" opacity="0.5"/>`,
    );
  }
  [...answer].forEach((digit, index) => {
    const strokes = DIGITS[digit] ?? [];
    const scale = 2.2 + jitter(0.25);
    const x = 14 + index * 28 + jitter(3);
    const y = 8 + jitter(4);
    const angle = jitter(18).toFixed(1);
    const ink = INKS[randomInt(0, INKS.length)] ?? '#333';
    const d = strokes
      .map((line) => line.map(([px, py], k) => `${k === 0 ? 'M' : 'L'}${(px + jitter(0.6)).toFixed(1)} ${(py + jitter(0.6)).toFixed(1)}`).join(' '))
      .join(' ');
    parts.push(
      `<path transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle} 5 8) scale(${scale.toFixed(2)} ${(scale * 0.8).toFixed(2)})" d="${d}" stroke="${ink}" stroke-width="${(2.4 + Math.random() * 0.6).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round" fill="none" vector-effect="non-scaling-stroke"/>`,
    );
  });
  for (let i = 0; i < 40; i++) {
    parts.push(`<circle cx="${randomInt(0, width)}" cy="${randomInt(0, height)}" r="${(0.6 + Math.random()).toFixed(1)}" fill="${INKS[randomInt(0, INKS.length)] ?? '#333'}" opacity="0.5"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="Код с картинки"><rect width="100%" height="100%" fill="#f4f1ea"/>${parts.join('')}</svg>`;
}
