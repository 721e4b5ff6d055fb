/**
 * The demo chain's pictures, drawn by code: one small SVG per dish, per category and for the
 * brand (docs/decisions/007-demo-pictures.md). The same parameters always give the same bytes,
 * so the files under apps/server/media can be regenerated and compared in tests.
 *
 * Every picture has a 3:2 viewBox (300×200) and no fixed size; the food sits inside the
 * central 200×200 square and the background runs to the edges, so a square crop
 * (`object-fit: cover`) keeps the whole dish (docs/design.md: photos carry the menu).
 */

/** What a picture shows; one motif per kind of food. */
export type Motif =
  | 'pizza'
  | 'sushi'
  | 'soup'
  | 'salad'
  | 'main'
  | 'pasta'
  | 'dessert'
  | 'drink'
  | 'coffee'
  | 'sauce'
  | 'wine'
  | 'beer'
  | 'cocktail'
  | 'bread'
  | 'grocery'
  | 'dumplings';

export interface PictureSpec {
  motif: Motif;
  /** The food's main colour: sauce, soup, liquid, crust… (#RRGGBB). Defaults per motif. */
  tone?: string;
  /** A second colour: topping, garnish, lid… (#RRGGBB). Defaults per motif. */
  garnish?: string;
  /** Varies the placement of toppings, crumbs and leaves; usually the slug. */
  seed: string;
}

interface MotifStyle {
  background: string;
  tone: string;
  garnish: string;
}

/** Warm backgrounds per motif; tones are what the food usually looks like. */
const MOTIF_STYLES: Record<Motif, MotifStyle> = {
  pizza: { background: '#F1D3A5', tone: '#C8412B', garnish: '#9E2A1E' },
  sushi: { background: '#E6D8C3', tone: '#F08A5D', garnish: '#F6C453' },
  soup: { background: '#EEC99C', tone: '#B23A3A', garnish: '#4E8A3A' },
  salad: { background: '#E3DFB9', tone: '#6FA046', garnish: '#D9432F' },
  main: { background: '#E9C39A', tone: '#8A4B2D', garnish: '#E8B84A' },
  pasta: { background: '#F1D8A4', tone: '#C8412B', garnish: '#4E8A3A' },
  dessert: { background: '#F2D2C8', tone: '#F3D9A4', garnish: '#C2263F' },
  drink: { background: '#F4D6AA', tone: '#C0283E', garnish: '#F2D04B' },
  coffee: { background: '#E4CBAE', tone: '#7A4A2A', garnish: '#F3E3CC' },
  sauce: { background: '#EFD3AC', tone: '#E9B949', garnish: '#4E8A3A' },
  wine: { background: '#E9C4B8', tone: '#7B1E2E', garnish: '#6D3B6E' },
  beer: { background: '#F0D39A', tone: '#E0A12B', garnish: '#FFFFFF' },
  cocktail: { background: '#F3C9B1', tone: '#EE6A2C', garnish: '#F2D04B' },
  bread: { background: '#EDD0A0', tone: '#B9722F', garnish: '#F7E7C6' },
  grocery: { background: '#E8D8BD', tone: '#B83A2A', garnish: '#7A4A2A' },
  dumplings: { background: '#E9DCC6', tone: '#F0DCB4', garnish: '#4E8A3A' },
};

/** The chain's logo: a wood-fired oven with a flame, on the brand colour. */
export function renderLogo(brandColor: string): string {
  return svg('0 0 64 64', [
    `<rect width="64" height="64" rx="14" fill="${brandColor}"/>`,
    '<path d="M12 47V33a20 20 0 0 1 40 0v14z" fill="#FFF4E6"/>',
    '<path d="M21 47V35a11 11 0 0 1 22 0v12z" fill="#3B1A12"/>',
    '<path d="M32 46c-6 0-8.5-4-7-8.5 1-3 3.5-4 3.5-7.5 3 2 4 4.5 3.5 7 1.2-1 2-2.6 2-4.5 3.5 3 5 6 4 9-1 3-3 4.5-6 4.5z" fill="#F39A2B"/>',
    '<path d="M32 46c-2.6 0-4-1.8-3.4-4 .5-1.6 1.8-2.2 2-4 1.8 1.2 2.2 2.6 2 4 .8-.4 1.3-1.2 1.4-2.2 1.5 1.6 2 3 1.5 4.2-.5 1.3-1.7 2-3.5 2z" fill="#FFD45C"/>',
    '<rect x="8" y="46" width="48" height="6" rx="3" fill="#FFF4E6"/>',
  ]);
}

/** A dish's picture. */
export function renderDishPicture(spec: PictureSpec): string {
  const style = MOTIF_STYLES[spec.motif];
  const rng = seededRandom(spec.seed);
  const colours = { tone: spec.tone ?? style.tone, garnish: spec.garnish ?? style.garnish };
  return svg('0 0 300 200', [
    ...backdrop(style.background, rng),
    `<g transform="translate(150 100)">${MOTIFS[spec.motif](colours, rng)}</g>`,
  ]);
}

/** A category's picture: its motif in the usual colours on a dotted cloth, so it reads as a section. */
export function renderCategoryPicture(spec: PictureSpec): string {
  const style = MOTIF_STYLES[spec.motif];
  const rng = seededRandom(spec.seed);
  const colours = { tone: spec.tone ?? style.tone, garnish: spec.garnish ?? style.garnish };
  const dots = shade(style.background, -0.12);
  return svg('0 0 300 200', [
    `<defs><pattern id="d" width="16" height="16" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="2" fill="${dots}"/><circle cx="12" cy="12" r="2" fill="${dots}"/></pattern></defs>`,
    `<rect width="300" height="200" fill="${style.background}"/>`,
    '<rect width="300" height="200" fill="url(#d)"/>',
    `<circle cx="150" cy="100" r="98" fill="${shade(style.background, 0.35)}"/>`,
    `<g transform="translate(150 100) scale(.92)">${MOTIFS[spec.motif](colours, rng)}</g>`,
  ]);
}

/** Where a picture lives under the media folder, and the URL the server gives it (always local). */
export const picturePaths = {
  dish: (slug: string) => `dishes/${slug}.svg`,
  category: (slug: string) => `categories/${slug}.svg`,
  logo: 'brand/logo.svg',
} as const;

export function mediaUrl(relativePath: string): string {
  return `/media/${relativePath}`;
}

// --- drawing ---------------------------------------------------------------------------------

type Random = () => number;
type Colours = { tone: string; garnish: string };
type Draw = (colours: Colours, rng: Random) => string;

function svg(viewBox: string, parts: string[]): string {
  // No width/height: the page sizes the picture; xmlns is the SVG namespace name, not a fetch.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" preserveAspectRatio="xMidYMid slice">${parts.join('')}</svg>\n`;
}

/** Background colour, a soft light behind the food and a few crumbs, varied by the seed. */
function backdrop(background: string, rng: Random): string[] {
  const crumbs: string[] = [];
  const crumbColour = shade(background, -0.22);
  for (let i = 0; i < 7; i++) {
    const left = rng() < 0.5;
    const x = left ? between(rng, 8, 45) : between(rng, 255, 292);
    crumbs.push(
      `<circle cx="${n(x)}" cy="${n(between(rng, 10, 190))}" r="${n(between(rng, 1.2, 3))}" fill="${crumbColour}"/>`,
    );
  }
  return [
    `<rect width="300" height="200" fill="${background}"/>`,
    `<circle cx="150" cy="100" r="104" fill="${shade(background, 0.3)}" opacity=".55"/>`,
    ...crumbs,
  ];
}

const SHADOW = '<ellipse cx="5" cy="8" rx="88" ry="86" fill="#5A3520" opacity=".16"/>';

function plate(radius = 86): string {
  return (
    SHADOW +
    `<circle r="${radius}" fill="#FFFDF8"/><circle r="${radius - 14}" fill="#F5EFE5"/>` +
    `<circle r="${radius - 14}" fill="none" stroke="#E6DCCB" stroke-width="1.5"/>`
  );
}

/** A standing object's floor: a darker table edge and a soft oval shadow under it. */
function tableFor(width: number): string {
  return `<ellipse cx="4" cy="72" rx="${width}" ry="9" fill="#5A3520" opacity=".18"/>`;
}

function leaf(x: number, y: number, length: number, angle: number, colour: string): string {
  return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(length)}" ry="${n(length * 0.45)}" transform="rotate(${n(angle)} ${n(x)} ${n(y)})" fill="${colour}"/>`;
}

/** A point inside a disc of the given radius, spread evenly rather than bunched in the middle. */
function inDisc(rng: Random, radius: number): [number, number] {
  const r = radius * Math.sqrt(rng());
  const a = rng() * Math.PI * 2;
  return [r * Math.cos(a), r * Math.sin(a)];
}

const pizza: Draw = ({ tone, garnish }, rng) => {
  const parts = [
    SHADOW,
    '<circle r="86" fill="#A8713F"/><circle r="80" fill="#BF8A55"/>',
    '<circle r="72" fill="#E0A455"/><circle r="64" fill="#EDB96A"/>',
    `<circle r="59" fill="${tone}"/>`,
  ];
  for (let i = 0; i < 9; i++) {
    const [x, y] = inDisc(rng, 44);
    parts.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(between(rng, 10, 16))}" fill="#F7DB8B" opacity=".92"/>`);
  }
  for (let i = 0; i < 9; i++) {
    const [x, y] = inDisc(rng, 48);
    parts.push(
      `<circle cx="${n(x)}" cy="${n(y)}" r="7" fill="${garnish}" stroke="${shade(garnish, -0.25)}" stroke-width="1.5"/>`,
    );
  }
  for (let i = 0; i < 4; i++) {
    const [x, y] = inDisc(rng, 46);
    parts.push(leaf(x, y, 7, rng() * 180, '#4E8A3A'));
  }
  parts.push(
    '<path d="M0-72V72M-72 0H72M-51-51L51 51M-51 51L51-51" stroke="#7A4A22" stroke-width="1.4" opacity=".22"/>',
  );
  return parts.join('');
};

const sushi: Draw = ({ tone, garnish }, rng) => {
  const parts = [
    '<rect x="-86" y="-58" width="180" height="126" rx="12" fill="#5A3520" opacity=".18"/>',
    '<rect x="-90" y="-64" width="180" height="126" rx="12" fill="#C99A66"/>',
    '<path d="M-80-40H80M-80-6H80M-80 30H80" stroke="#A9784A" stroke-width="1.5" opacity=".5"/>',
  ];
  const rolls: Array<[number, number]> = [
    [-50, -26],
    [2, -30],
    [54, -24],
    [-28, 26],
  ];
  for (const [x0, y0] of rolls) {
    const x = n(x0 + between(rng, -2, 2));
    const y = n(y0 + between(rng, -2, 2));
    parts.push(
      `<circle cx="${x}" cy="${y}" r="24" fill="#1F2B26"/><circle cx="${x}" cy="${y}" r="19.5" fill="#FBF8F1"/>`,
      `<circle cx="${x}" cy="${y}" r="9" fill="${tone}"/><circle cx="${x}" cy="${y}" r="4.5" fill="${garnish}" transform="translate(5 -4)"/>`,
    );
  }
  parts.push(
    '<ellipse cx="36" cy="30" rx="30" ry="16" fill="#FBF8F1"/>',
    `<path d="M6 24q30-20 62 0v8q-30 16-62 0z" fill="${tone}"/>`,
    `<path d="M12 24q24-12 50 0M16 32q20-8 44 0" stroke="${shade(tone, 0.45)}" stroke-width="2.5" fill="none"/>`,
    '<path d="M-80 40q10-12 22 0q-10 10-22 0zM-76 50q10-12 22 0q-10 10-22 0z" fill="#F3B4A4"/>',
    '<path d="M72 44c0-8 12-10 15-4 3 5-2 10-8 9-5 0-7-2-7-5z" fill="#9CBF4A"/>',
  );
  return parts.join('');
};

const soup: Draw = ({ tone, garnish }, rng) => {
  const parts = [
    plate(),
    '<circle r="64" fill="#FFFFFF"/><circle r="64" fill="none" stroke="#E2D6C4" stroke-width="2"/>',
    `<circle r="53" fill="${tone}"/>`,
    `<ellipse cx="-18" cy="-22" rx="20" ry="8" transform="rotate(-30 -18 -22)" fill="${shade(tone, 0.3)}" opacity=".6"/>`,
  ];
  const cx = n(between(rng, -8, 8));
  const cy = n(between(rng, -4, 8));
  parts.push(
    `<g transform="translate(${cx} ${cy})"><circle r="10" fill="#FFF8EE" opacity=".95"/>`,
    '<path d="M-10 0c0-14 24-14 24 2 0 12-18 16-26 6" stroke="#FFF8EE" stroke-width="3" fill="none" opacity=".8"/></g>',
  );
  for (let i = 0; i < 10; i++) {
    const [x, y] = inDisc(rng, 44);
    parts.push(leaf(x, y, 4, rng() * 180, garnish));
  }
  parts.push('<path d="M58 46l30 30" stroke="#CFCFCF" stroke-width="7" stroke-linecap="round"/>');
  return parts.join('');
};

const salad: Draw = ({ tone, garnish }, rng) => {
  const parts = [plate()];
  for (let i = 0; i < 16; i++) {
    const [x, y] = inDisc(rng, 44);
    parts.push(leaf(x, y, between(rng, 14, 22), rng() * 180, shade(tone, between(rng, -0.2, 0.25))));
  }
  for (let i = 0; i < 6; i++) {
    const [x, y] = inDisc(rng, 40);
    parts.push(
      `<circle cx="${n(x)}" cy="${n(y)}" r="8" fill="${garnish}"/><circle cx="${n(x - 2)}" cy="${n(y - 2)}" r="2.5" fill="#FFFFFF" opacity=".45"/>`,
    );
  }
  for (let i = 0; i < 5; i++) {
    const [x, y] = inDisc(rng, 38);
    parts.push(
      `<rect x="${n(x)}" y="${n(y)}" width="8" height="8" rx="1.5" transform="rotate(${n(rng() * 90)} ${n(x)} ${n(y)})" fill="#FFF1C2"/>`,
    );
  }
  return parts.join('');
};

const main: Draw = ({ tone, garnish }, rng) => {
  const parts = [
    plate(),
    `<path d="M-56-8c0-24 22-38 48-36 26 2 40 18 38 38-2 22-24 34-48 32-24-2-38-14-38-34z" fill="${tone}"/>`,
    `<path d="M-46 2c2-16 18-28 38-26 18 1 28 12 28 24" stroke="${shade(tone, 0.25)}" stroke-width="3" fill="none" opacity=".6"/>`,
    `<path d="M-38-22l40 40M-24-32l42 42M-44-2l30 30" stroke="${shade(tone, -0.35)}" stroke-width="4" stroke-linecap="round" opacity=".7"/>`,
  ];
  for (let i = 0; i < 5; i++) {
    const x = 30 + i * 8 + between(rng, -2, 2);
    const y = 18 + (i % 2) * 14 + between(rng, -3, 3);
    parts.push(
      `<rect x="${n(x)}" y="${n(y)}" width="22" height="11" rx="5" transform="rotate(${n(between(rng, -40, 40))} ${n(x + 11)} ${n(y + 5)})" fill="${garnish}" stroke="${shade(garnish, -0.2)}"/>`,
    );
  }
  parts.push(
    '<path d="M-44 40q20 8 40 4" stroke="#4E8A3A" stroke-width="2" fill="none"/>',
    leaf(-40, 38, 7, -20, '#4E8A3A'),
    leaf(-26, 44, 7, 10, '#5E9C45'),
    leaf(-12, 44, 7, -10, '#4E8A3A'),
  );
  return parts.join('');
};

const pasta: Draw = ({ tone, garnish }, rng) => {
  const parts = [plate()];
  for (let i = 0; i < 14; i++) {
    const [x, y] = inDisc(rng, 18);
    parts.push(
      `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(between(rng, 26, 40))}" ry="${n(between(rng, 14, 28))}" transform="rotate(${n(rng() * 180)} ${n(x)} ${n(y)})" fill="none" stroke="${i % 2 ? '#F2C66D' : '#E9B452'}" stroke-width="4.5"/>`,
    );
  }
  parts.push(
    `<circle cx="2" cy="-2" r="20" fill="${tone}"/>`,
    `<circle cx="-4" cy="-8" r="6" fill="${shade(tone, 0.3)}" opacity=".5"/>`,
  );
  for (let i = 0; i < 6; i++) {
    const [x, y] = inDisc(rng, 16);
    parts.push(
      `<rect x="${n(x)}" y="${n(y)}" width="7" height="3" fill="#FFF6DA" transform="rotate(${n(rng() * 180)} ${n(x)} ${n(y)})"/>`,
    );
  }
  parts.push(leaf(14, -16, 9, -30, garnish), leaf(24, -10, 8, 20, shade(garnish, 0.15)));
  return parts.join('');
};

const dessert: Draw = ({ tone, garnish }, rng) => {
  const cream = shade(tone, 0.55);
  const layer = shade(tone, -0.25);
  const parts = [
    plate(),
    // a slice seen from above and a little from the front: top face, then the layered side
    `<path d="M-46 6L4-46 50 6z" fill="${cream}"/>`,
    `<path d="M-46 6H50V40H-46z" fill="${tone}"/>`,
    `<path d="M-46 17H50M-46 29H50" stroke="${layer}" stroke-width="4"/>`,
    `<path d="M-46 6H50" stroke="${shade(tone, -0.1)}" stroke-width="2"/>`,
  ];
  for (let i = 0; i < 3; i++) {
    const x = -16 + i * 16 + between(rng, -3, 3);
    const y = -12 + between(rng, -4, 4);
    parts.push(
      `<circle cx="${n(x)}" cy="${n(y)}" r="7" fill="${garnish}"/><circle cx="${n(x - 2)}" cy="${n(y - 2)}" r="2" fill="#FFFFFF" opacity=".6"/>`,
    );
  }
  parts.push(
    leaf(28, -4, 7, -30, '#4E8A3A'),
    `<path d="M-60 56q30 10 64 0" stroke="${garnish}" stroke-width="4" fill="none" stroke-linecap="round" opacity=".7"/>`,
  );
  return parts.join('');
};

const drink: Draw = ({ tone, garnish }, rng) => {
  const parts = [
    tableFor(40),
    '<path d="M-34-66H34L28 70H-28z" fill="#FFFFFF" opacity=".45"/>',
    `<path d="M-32-44H32L27 66H-27z" fill="${tone}" opacity=".92"/>`,
    `<path d="M-32-44H32" stroke="${shade(tone, 0.35)}" stroke-width="3"/>`,
  ];
  for (let i = 0; i < 3; i++) {
    const x = -20 + i * 14 + between(rng, -3, 3);
    const y = -36 + i * 10 + between(rng, -3, 3);
    parts.push(
      `<rect x="${n(x)}" y="${n(y)}" width="16" height="16" rx="3" fill="#FFFFFF" opacity=".4" transform="rotate(${n(between(rng, -20, 20))} ${n(x + 8)} ${n(y + 8)})"/>`,
    );
  }
  for (let i = 0; i < 6; i++) {
    parts.push(
      `<circle cx="${n(between(rng, -20, 20))}" cy="${n(between(rng, 0, 58))}" r="${n(between(rng, 1.5, 3))}" fill="#FFFFFF" opacity=".55"/>`,
    );
  }
  parts.push(
    '<path d="M10-40L30-92" stroke="#FFFFFF" stroke-width="6" stroke-linecap="round"/>',
    '<path d="M10-40L30-92" stroke="#D9432F" stroke-width="6" stroke-linecap="round" stroke-dasharray="6 6"/>',
    `<circle cx="-32" cy="-62" r="17" fill="${shade(garnish, -0.15)}"/><circle cx="-32" cy="-62" r="14" fill="${garnish}"/>`,
    `<path d="M-32-76V-48M-46-62H-18M-42-72l20 20M-42-52l20-20" stroke="${shade(garnish, 0.55)}" stroke-width="1.5"/>`,
    '<path d="M-28-56L-24 50" stroke="#FFFFFF" stroke-width="4" opacity=".35" stroke-linecap="round"/>',
  );
  return parts.join('');
};

const coffee: Draw = ({ tone, garnish }, rng) => {
  const parts = [
    SHADOW,
    '<circle r="80" fill="#FFFFFF"/><circle r="62" fill="#F4EEE4"/>',
    '<rect x="40" y="-11" width="34" height="22" rx="11" fill="#FFFFFF" stroke="#E3D9CB" stroke-width="2"/>',
    '<circle r="52" fill="#FFFFFF" stroke="#E3D9CB" stroke-width="2"/>',
    `<circle r="43" fill="${tone}"/><circle r="43" fill="none" stroke="${shade(tone, 0.3)}" stroke-width="4"/>`,
    `<path d="M0 22c-18-12-24-22-18-30 5-7 14-5 18 3 4-8 13-10 18-3 6 8 0 18-18 30z" fill="${garnish}"/>`,
    '<path d="M-70 48l-18 22" stroke="#CFCFCF" stroke-width="6" stroke-linecap="round"/>',
  ];
  for (let i = 0; i < 3; i++) {
    const x = between(rng, 62, 92) * (rng() < 0.5 ? -1 : 1);
    const y = between(rng, -80, -60);
    parts.push(
      `<ellipse cx="${n(x)}" cy="${n(y)}" rx="7" ry="5" fill="#4A2A17" transform="rotate(${n(rng() * 180)} ${n(x)} ${n(y)})"/>`,
    );
  }
  return parts.join('');
};

const sauce: Draw = ({ tone, garnish }, rng) => {
  const parts = [
    SHADOW,
    '<circle r="62" fill="#FFFFFF"/><circle r="62" fill="none" stroke="#E3D9CB" stroke-width="2"/>',
    '<circle r="54" fill="#F1EBE1"/>',
    `<circle r="46" fill="${tone}"/>`,
    `<path d="M-26-6c8-18 36-18 40 2 3 16-18 24-28 14-8-8 2-18 10-12" stroke="${shade(tone, 0.35)}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  ];
  for (let i = 0; i < 7; i++) {
    const [x, y] = inDisc(rng, 36);
    parts.push(leaf(x, y, 3.5, rng() * 180, garnish));
  }
  parts.push('<rect x="30" y="40" width="74" height="14" rx="7" fill="#E3B15F" transform="rotate(-35 30 40)"/>');
  return parts.join('');
};

const wine: Draw = ({ tone, garnish }, rng) => {
  const parts = [
    tableFor(36),
    '<path d="M-36-80C-38-30-26 2 0 4 26 2 38-30 36-80z" fill="#FFFFFF" opacity=".45"/>',
    `<path d="M-35-40C-31-10-20 2 0 3 20 2 31-10 35-40z" fill="${tone}"/>`,
    `<path d="M-35-40H35" stroke="${shade(tone, 0.3)}" stroke-width="3"/>`,
    '<path d="M-26-72C-28-46-22-22-10-10" stroke="#FFFFFF" stroke-width="4" fill="none" opacity=".6" stroke-linecap="round"/>',
    '<rect x="-3" y="3" width="6" height="62" fill="#FFFFFF" opacity=".75"/>',
    '<ellipse cy="68" rx="30" ry="6" fill="#FFFFFF" opacity=".8"/>',
  ];
  // A bunch of grapes: rows of 3, 2, 1 and 1 berries, each row shifted half a berry.
  const bunch = [3, 2, 1, 1];
  bunch.forEach((berries, row) => {
    for (let i = 0; i < berries; i++) {
      const x = 62 + i * 12 + row * 6 + between(rng, -1, 1);
      parts.push(
        `<circle cx="${n(x)}" cy="${36 + row * 10}" r="7" fill="${shade(garnish, between(rng, -0.1, 0.15))}"/>`,
      );
    }
  });
  parts.push(leaf(80, 24, 9, -20, '#5E8C3A'));
  return parts.join('');
};

const beer: Draw = ({ tone, garnish }, rng) => {
  const parts = [
    tableFor(46),
    '<path d="M36-30h14a14 14 0 0 1 14 14v34a14 14 0 0 1-14 14H36" stroke="#FFFFFF" stroke-width="9" fill="none" opacity=".7"/>',
    '<rect x="-40" y="-58" width="78" height="128" rx="8" fill="#FFFFFF" opacity=".45"/>',
    `<rect x="-35" y="-40" width="68" height="104" rx="4" fill="${tone}"/>`,
    `<path d="M-20-30V54M0-30V54M18-30V54" stroke="${shade(tone, 0.25)}" stroke-width="3" opacity=".6"/>`,
  ];
  for (let i = 0; i < 7; i++) {
    parts.push(
      `<circle cx="${-32 + i * 11}" cy="${n(-48 + between(rng, -4, 4))}" r="${n(between(rng, 10, 14))}" fill="${garnish}"/>`,
    );
  }
  for (let i = 0; i < 6; i++) {
    parts.push(
      `<circle cx="${n(between(rng, -26, 24))}" cy="${n(between(rng, -20, 56))}" r="${n(between(rng, 1.5, 3))}" fill="#FFFFFF" opacity=".6"/>`,
    );
  }
  return parts.join('');
};

const cocktail: Draw = ({ tone, garnish }, rng) => {
  const tilt = n(between(rng, -8, 8));
  return [
    tableFor(34),
    '<path d="M-56-60H56L0 8z" fill="#FFFFFF" opacity=".45"/>',
    `<path d="M-46-48H46L0 3z" fill="${tone}"/>`,
    `<path d="M-46-48H46" stroke="${shade(tone, 0.3)}" stroke-width="3"/>`,
    '<rect x="-3" y="6" width="6" height="58" fill="#FFFFFF" opacity=".75"/>',
    '<ellipse cy="66" rx="30" ry="6" fill="#FFFFFF" opacity=".8"/>',
    `<g transform="rotate(${tilt} 46 -58)"><circle cx="46" cy="-58" r="18" fill="${shade(garnish, -0.15)}"/><circle cx="46" cy="-58" r="15" fill="${garnish}"/>`,
    `<path d="M46-73V-43M31-58H61M35-69l22 22M35-47l22-22" stroke="${shade(garnish, 0.55)}" stroke-width="1.5"/></g>`,
    '<path d="M-34-40L-4-8" stroke="#FFFFFF" stroke-width="4" opacity=".5" stroke-linecap="round"/>',
    '<circle cx="-24" cy="-56" r="8" fill="#B3122E"/><path d="M-24-64q4-14 14-20" stroke="#5E3A1A" stroke-width="2" fill="none"/>',
  ].join('');
};

const bread: Draw = ({ tone, garnish }, rng) => {
  const parts = [
    '<rect x="-92" y="-50" width="190" height="112" rx="14" fill="#5A3520" opacity=".16"/>',
    '<rect x="-96" y="-56" width="190" height="110" rx="14" fill="#C99A66"/>',
    '<path d="M-86-30H84M-86 0H84M-86 30H84" stroke="#A9784A" stroke-width="1.5" opacity=".45"/>',
    `<ellipse cx="0" cy="6" rx="74" ry="40" fill="${shade(tone, -0.2)}"/>`,
    `<ellipse cx="0" cy="0" rx="72" ry="38" fill="${tone}"/>`,
    `<ellipse cx="-14" cy="-12" rx="40" ry="14" fill="${shade(tone, 0.25)}" opacity=".6"/>`,
  ];
  for (let i = 0; i < 4; i++) {
    const x = -42 + i * 26 + between(rng, -3, 3);
    parts.push(
      `<path d="M${n(x)} 20q10-20 22-38" stroke="${garnish}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
    );
  }
  for (let i = 0; i < 10; i++) {
    const [x, y] = inDisc(rng, 30);
    parts.push(`<circle cx="${n(x * 2)}" cy="${n(y)}" r="1.6" fill="#FFFFFF" opacity=".7"/>`);
  }
  return parts.join('');
};

const grocery: Draw = ({ tone, garnish }, rng) => {
  const parts = [
    tableFor(50),
    `<rect x="-42" y="-44" width="84" height="112" rx="16" fill="${tone}"/>`,
    '<rect x="-34" y="-36" width="10" height="92" rx="5" fill="#FFFFFF" opacity=".3"/>',
    `<rect x="-38" y="-64" width="76" height="22" rx="5" fill="${garnish}"/>`,
    `<path d="M-38-56H38" stroke="${shade(garnish, 0.25)}" stroke-width="2"/>`,
    '<rect x="-42" y="-6" width="84" height="42" fill="#FFF8EC"/>',
    `<path d="M-42 0H42M-42 30H42" stroke="${garnish}" stroke-width="3"/>`,
    `<circle cx="0" cy="15" r="9" fill="${tone}"/>`,
  ];
  for (let i = 0; i < 3; i++) {
    parts.push(leaf(58 + i * 6, 48 - i * 12 + between(rng, -2, 2), 9, -50 + i * 20, '#7A9C3A'));
  }
  parts.push('<path d="M52 66q10-30 16-60" stroke="#7A9C3A" stroke-width="2" fill="none"/>');
  return parts.join('');
};

const dumplings: Draw = ({ tone, garnish }, rng) => {
  const parts = [plate()];
  const edge = shade(tone, -0.22);
  for (let i = 0; i < 7; i++) {
    const angle = i * (360 / 7) + between(rng, -6, 6);
    const a = (angle * Math.PI) / 180;
    const x = n(Math.cos(a) * 44);
    const y = n(Math.sin(a) * 44);
    parts.push(
      `<g transform="translate(${x} ${y}) rotate(${n(angle + 90 + between(rng, -25, 25))}) scale(1.12)">`,
      `<path d="M-21 6a21 17 0 0 1 42 0q-21 6-42 0z" fill="${tone}" stroke="${edge}" stroke-width="1.5"/>`,
      `<path d="M-12-2q12-9 24 0M-6-8v4M0-10v4M6-8v4" stroke="${edge}" stroke-width="1.5" fill="none"/></g>`,
    );
  }
  parts.push('<circle r="20" fill="#FFFFFF"/><path d="M-12 2c0-10 20-12 22 0-6-4-14-4-22 0z" fill="#F1E9DC"/>');
  for (let i = 0; i < 12; i++) {
    const [x, y] = inDisc(rng, 60);
    parts.push(leaf(x, y, 3, rng() * 180, garnish));
  }
  return parts.join('');
};

const MOTIFS: Record<Motif, Draw> = {
  pizza,
  sushi,
  soup,
  salad,
  main,
  pasta,
  dessert,
  drink,
  coffee,
  sauce,
  wine,
  beer,
  cocktail,
  bread,
  grocery,
  dumplings,
};

// --- numbers and colours ----------------------------------------------------------------------

/** FNV-1a of the seed feeding mulberry32: tiny, stable across platforms. */
function seededRandom(seed: string): Random {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function between(rng: Random, low: number, high: number): number {
  return low + rng() * (high - low);
}

/** One decimal is plenty at this size and keeps the files small. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** Lightens (amount > 0, towards white) or darkens (amount < 0, towards black) a #RRGGBB colour. */
export function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const t = Math.abs(amount);
  const channels = [1, 3, 5].map((i) => {
    const value = parseInt(hex.slice(i, i + 2), 16);
    return Math.round(value + (target - value) * t)
      .toString(16)
      .padStart(2, '0');
  });
  return `#${channels.join('')}`.toUpperCase();
}
