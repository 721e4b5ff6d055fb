import { haversineKm, type GeoPoint } from '@chain/domain';

/**
 * The sandbox geocoder's directory (issue 13): streets and houses of the demo city in and around
 * the demo delivery zones (seed/demo-chain.ts DEMO_ZONES), so a person and the tests can search,
 * tap, drag and locate with no internet. The places are close to the real ones, not surveyed.
 *
 * A street is a line through anchor houses: [house number, lat, lon]. Every number between the
 * first and the last anchor is a house, placed along the line by its number, odd numbers on one
 * side and even on the other; an anchor house stands exactly at its point («Малая Бронная улица,
 * 24» at restaurant 1's door).
 */
export interface DirectoryStreet {
  /** The street's name with its type, as a geocoder names it: 'Малая Бронная улица'. */
  name: string;
  /** Where it lies, for people reading the list (the zone, or outside every zone). */
  area: string;
  anchors: readonly (readonly [house: number, lat: number, lon: number])[];
}

export const CITY = 'Москва';
export const COUNTRY = 'Россия';

export const DIRECTORY_STREETS: readonly DirectoryStreet[] = [
  // Zone 1, «Патриаршие и Тверская» (restaurant 1).
  {
    name: 'Малая Бронная улица',
    area: 'zone 1',
    anchors: [
      [1, 55.7592, 37.6003],
      [24, 55.7628, 37.5937],
      [44, 55.7662, 37.5885],
    ],
  },
  {
    name: 'Большая Бронная улица',
    area: 'zone 1',
    anchors: [
      [1, 55.7597, 37.6031],
      [29, 55.765, 37.5985],
    ],
  },
  {
    name: 'Тверская улица',
    area: 'zone 1',
    anchors: [
      [1, 55.7573, 37.6138],
      [18, 55.7659, 37.6052],
      [30, 55.7697, 37.5987],
    ],
  },
  {
    name: 'Спиридоновка улица',
    area: 'zone 1',
    anchors: [
      [1, 55.7585, 37.5985],
      [30, 55.7614, 37.5868],
    ],
  },
  {
    name: 'Ермолаевский переулок',
    area: 'zone 1',
    anchors: [
      [1, 55.7603, 37.5925],
      [27, 55.7668, 37.5916],
    ],
  },
  {
    name: 'Большая Садовая улица',
    area: 'zone 1',
    anchors: [
      [1, 55.7672, 37.5908],
      [14, 55.769, 37.5965],
    ],
  },
  {
    name: 'Большая Никитская улица',
    area: 'zone 1',
    anchors: [
      [17, 55.7567, 37.6045],
      [50, 55.758, 37.5925],
    ],
  },
  // Zone 2, «Пресня и Хамовники» (restaurant 1).
  {
    name: 'улица Красная Пресня',
    area: 'zone 2',
    anchors: [
      [1, 55.7614, 37.5685],
      [36, 55.7645, 37.5535],
    ],
  },
  {
    name: 'Пресненский Вал',
    area: 'zone 2',
    anchors: [
      [1, 55.7668, 37.5628],
      [40, 55.7765, 37.5625],
    ],
  },
  {
    name: 'Большая Грузинская улица',
    area: 'zone 1, then outside, then zone 2: across the borders',
    anchors: [
      [1, 55.7665, 37.5752],
      [40, 55.7742, 37.5778],
    ],
  },
  {
    name: 'улица Плющиха',
    area: 'zone 2',
    anchors: [
      [1, 55.7462, 37.578],
      [62, 55.7408, 37.57],
    ],
  },
  {
    name: 'Смоленская улица',
    area: 'zone 2',
    anchors: [
      [1, 55.7505, 37.5795],
      [20, 55.7468, 37.5808],
    ],
  },
  // Zone 3, «Замоскворечье» (restaurant 3).
  {
    name: 'Пятницкая улица',
    area: 'zone 3',
    anchors: [
      [1, 55.746, 37.6275],
      [45, 55.738, 37.628],
      [80, 55.7312, 37.6298],
    ],
  },
  {
    name: 'Большая Ордынка улица',
    area: 'zone 3',
    anchors: [
      [1, 55.7455, 37.6235],
      [70, 55.7305, 37.6225],
    ],
  },
  {
    name: 'Новокузнецкая улица',
    area: 'zone 3',
    anchors: [
      [1, 55.744, 37.633],
      [44, 55.7315, 37.637],
    ],
  },
  {
    name: 'Климентовский переулок',
    area: 'zone 3',
    anchors: [
      [1, 55.7405, 37.629],
      [14, 55.741, 37.6345],
    ],
  },
  // Zone 4, «Якиманка и Донской»: not served now.
  {
    name: 'Донская улица',
    area: 'zone 4 (inactive), its last houses outside',
    anchors: [
      [1, 55.7235, 37.606],
      [40, 55.716, 37.6],
    ],
  },
  // Zone 5, «Басманный» (restaurant 5).
  {
    name: 'улица Земляной Вал',
    area: 'zone 5',
    anchors: [
      [20, 55.7625, 37.6588],
      [33, 55.7574, 37.6596],
      [60, 55.7515, 37.6575],
    ],
  },
  {
    name: 'улица Покровка',
    area: 'outside, then zone 5 from about No. 15',
    anchors: [
      [1, 55.759, 37.637],
      [17, 55.7595, 37.6468],
      [48, 55.76, 37.655],
    ],
  },
  // Zone 6, «Таганский» (restaurant 5).
  {
    name: 'Таганская улица',
    area: 'zone 6',
    anchors: [
      [1, 55.742, 37.66],
      [40, 55.744, 37.678],
    ],
  },
  // Zone 7, «Бауманская и Разгуляй» (restaurant 7).
  {
    name: 'Бауманская улица',
    area: 'zone 7',
    anchors: [
      [1, 55.769, 37.677],
      [33, 55.7725, 37.6795],
      [60, 55.777, 37.683],
    ],
  },
  {
    name: 'Спартаковская улица',
    area: 'zone 7',
    anchors: [
      [1, 55.7735, 37.67],
      [24, 55.7775, 37.676],
    ],
  },
  // Zone 8, «Лефортово и Сокольники» (restaurant 7).
  {
    name: 'Бакунинская улица',
    area: 'zone 7, then zone 8',
    anchors: [
      [50, 55.775, 37.688],
      [100, 55.786, 37.696],
    ],
  },
  // Zone 9, «Гагаринский» (restaurant 9).
  {
    name: 'Ленинский проспект',
    area: 'zone 9',
    anchors: [
      [30, 55.7125, 37.593],
      [37, 55.7075, 37.5835],
      [60, 55.702, 37.574],
    ],
  },
  {
    name: 'улица Вавилова',
    area: 'zone 9',
    anchors: [
      [1, 55.71, 37.5975],
      [20, 55.703, 37.588],
    ],
  },
  // Outside every zone.
  {
    name: 'Ленинградский проспект',
    area: 'outside',
    anchors: [
      [40, 55.79, 37.564],
      [77, 55.806, 37.5135],
    ],
  },
  {
    name: 'улица Лужники',
    area: 'outside',
    anchors: [
      [1, 55.7185, 37.561],
      [24, 55.7158, 37.554],
    ],
  },
];

export interface DirectoryHouse {
  street: DirectoryStreet;
  /** '' for the street itself. */
  house: string;
  lat: number;
  lon: number;
}

/** How far a house stands from the street's line, in degrees of latitude (about 12 m). */
const SIDE_OFFSET = 0.00011;

function housesOf(street: DirectoryStreet): DirectoryHouse[] {
  const houses: DirectoryHouse[] = [];
  const { anchors } = street;
  for (const [i, [toNumber, toLat, toLon]] of anchors.slice(1).entries()) {
    const [fromNumber, fromLat, fromLon] = anchors[i] ?? [toNumber, toLat, toLon];
    // The side's normal in a local metric frame (a degree of longitude is shorter here).
    const scale = Math.cos((fromLat * Math.PI) / 180);
    const dx = (toLon - fromLon) * scale;
    const dy = toLat - fromLat;
    const length = Math.hypot(dx, dy) || 1;
    const [nx, ny] = [-dy / length, dx / length];
    for (let number = fromNumber + (i === 0 ? 0 : 1); number <= toNumber; number++) {
      const t = (number - fromNumber) / (toNumber - fromNumber);
      const anchored = number === fromNumber || number === toNumber;
      const side = anchored ? 0 : number % 2 === 1 ? 1 : -1;
      houses.push({
        street,
        house: String(number),
        lat: fromLat + t * dy + side * ny * SIDE_OFFSET,
        lon: fromLon + t * (toLon - fromLon) + (side * nx * SIDE_OFFSET) / scale,
      });
    }
  }
  return houses;
}

/** Every house of the directory. */
export const DIRECTORY_HOUSES: readonly DirectoryHouse[] = DIRECTORY_STREETS.flatMap(housesOf);

/** The street as a place: the middle of its line. */
function streetPlace(street: DirectoryStreet): DirectoryHouse {
  const half = Math.floor((street.anchors.length - 1) / 2);
  const [middle, next] = street.anchors.slice(half, half + 2);
  if (!middle) throw new Error(`the street ${street.name} has no anchors`);
  const [, lat, lon] = next ?? middle;
  return { street, house: '', lat: (middle[1] + lat) / 2, lon: (middle[2] + lon) / 2 };
}

/** Lower case, ё as е, punctuation as spaces: how the sandbox compares texts. */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Words a guest may type that name no street: the city, the country, street types and their short forms. */
const IGNORED_WORDS = new Set([
  'москва',
  'г',
  'город',
  'россия',
  'д',
  'дом',
  'ул',
  'улица',
  'пер',
  'переулок',
  'пр',
  'просп',
  'проспект',
  'пр-т',
  'б',
  'р',
  'бульвар',
  'наб',
  'набережная',
  'ш',
  'шоссе',
  'пл',
  'площадь',
]);

/**
 * Suggestions for a typed text (Photon's /api): each word must be in the street's name (a
 * word's start ranks first, anywhere in it next), and a number picks the houses whose number
 * starts with it; without a number, the streets first, then their houses. Nearest `near`
 * first within the same rank.
 */
export function searchDirectory(text: string, near: GeoPoint | null, limit: number): DirectoryHouse[] {
  const words = foldText(text)
    .split(' ')
    .filter((word) => word !== '' && !IGNORED_WORDS.has(word));
  const numbers = words.filter((word) => /^\d/.test(word));
  const names = words.filter((word) => !/^\d/.test(word));
  if (names.length === 0) return [];
  const ranked: { place: DirectoryHouse; rank: number }[] = [];
  for (const street of DIRECTORY_STREETS) {
    const streetWords = foldText(street.name).split(' ');
    let rank = 0;
    for (const name of names) {
      if (streetWords.some((word) => word.startsWith(name))) continue;
      if (streetWords.some((word) => word.includes(name))) rank += 1;
      else rank = Number.POSITIVE_INFINITY;
    }
    if (!Number.isFinite(rank)) continue;
    const number = numbers[0];
    if (number === undefined) {
      ranked.push({ place: streetPlace(street), rank });
      for (const house of DIRECTORY_HOUSES) if (house.street === street) ranked.push({ place: house, rank: rank + 10 });
    } else {
      for (const house of DIRECTORY_HOUSES) {
        if (house.street !== street || !house.house.startsWith(number)) continue;
        ranked.push({ place: house, rank: house.house === number ? rank : rank + 0.5 });
      }
    }
  }
  const distance = (place: DirectoryHouse) => (near ? haversineKm(near, place) : 0);
  ranked.sort((a, b) => a.rank - b.rank || distance(a.place) - distance(b.place));
  return ranked.slice(0, limit).map((entry) => entry.place);
}

/** The nearest house to a point within `radiusKm` (Photon's /reverse), or null. */
export function nearestHouse(point: GeoPoint, radiusKm: number): DirectoryHouse | null {
  let best: DirectoryHouse | null = null;
  let bestKm = radiusKm;
  for (const house of DIRECTORY_HOUSES) {
    const km = haversineKm(point, house);
    if (km <= bestKm) {
      best = house;
      bestKm = km;
    }
  }
  return best;
}
