import * as z from 'zod/mini';
import { STARS_MAX, STARS_MIN } from '@chain/domain';
import {
  blankToUndefined,
  optionalWireId,
  optionalWireInt,
  sessionToken,
  successResponse,
  wireId,
  wireNumber,
  wireText,
} from './common';
import { credentialFields, defineCall } from './call';
import { defineAction } from './rest';

/**
 * Ratings (SPEC 3 Order rating, Item rating, Rating types; SPEC 4: rating controls show when
 * paid = 1 and there is no rating; SPEC 5: stars 1 to 5, default 5, photos jpeg, png or gif;
 * SPEC 7 rate/add, rate/list, rateGetTypes).
 */

/** The longest comment of a rating (rate/add); the rating form bounds its field with it. */
export const RATING_COMMENT_MAX_LENGTH = 2000;
/** At most this many photos per rating. */
export const MAX_RATING_PHOTOS = 3;
/** At most this many bytes per photo (2 MB). */
export const MAX_RATING_PHOTO_BYTES = 2 * 1024 * 1024;
/**
 * At most this many pixels per photo, as its file declares them, looked at before anything is
 * decoded: a small file may claim a huge picture (a 31 KB PNG of 16 000 × 16 000). 25 million
 * holds a 6000 × 4000 camera photo; the web app sends at most 1600 px a side (decisions 026, 041).
 */
export const MAX_RATING_PHOTO_PIXELS = 25_000_000;
/**
 * What a rating photo is kept as: a JPEG at most this long a side, at this quality (percent).
 * The web app makes it so on the phone (decision 026) and the server again (decision 041): at the
 * same quality, with the same standard tables, the second encoding is all but lossless.
 */
export const RATING_PHOTO_MAX_SIDE = 1600;
export const RATING_PHOTO_JPEG_QUALITY = 85;

/** Why rate/add refuses a photo (the 400 `photo`), in Russian; ratingPhotoRefusal names the photo. */
export const RATING_PHOTO_REFUSALS = {
  notDataUrl: 'ожидается картинка в виде data URL (data:image/jpeg;base64,…).',
  notAccepted: 'можно приложить только JPEG, PNG или GIF.',
  empty: 'файл пустой.',
  overBytes: 'файл больше 2 МБ.',
  damaged: 'файл повреждён или это не JPEG, PNG или GIF.',
  typeMismatch: (declared: string) => `содержимое файла не совпадает с его типом (${declared}).`,
  // No-break spaces keep «16000 × 16000» and «25 млн» on one line.
  overPixels: (width: number, height: number) =>
    `изображение слишком большое (${width}\u00a0×\u00a0${height} пикселей), можно не больше ${MAX_RATING_PHOTO_PIXELS / 1_000_000}\u00a0млн пикселей — например, 6000\u00a0×\u00a04000.`,
} as const;

/** «Фото 2: …»: the refusal of the photo at `position` (1-based) of rate/add. */
export const ratingPhotoRefusal = (position: number, reason: string): string => `Фото ${position}: ${reason}`;
/** The longest data URL of a photo within the limit: base64 grows 4/3, plus the 'data:…;base64,' prefix. */
const PHOTO_DATA_URL_MAX = Math.ceil(MAX_RATING_PHOTO_BYTES / 3) * 4 + 64;
/** The body limit of rate/add: three photos at their largest, and room for the rest. */
export const RATE_ADD_BODY_LIMIT = MAX_RATING_PHOTOS * PHOTO_DATA_URL_MAX + 64 * 1024;

const SCORE_MESSAGE = 'оценка — целое число от 1 до 5';

/** A score 1..5 (SPEC 5, 9), as a number or its digit; absent, null or '' means not given. */
const score = z.pipe(
  z.transform(blankToUndefined),
  z.optional(
    wireNumber({
      integer: true,
      min: STARS_MIN,
      max: STARS_MAX,
      message: SCORE_MESSAGE,
      minMessage: SCORE_MESSAGE,
      maxMessage: SCORE_MESSAGE,
    }),
  ),
);

/**
 * Photos as data URLs in the JSON body: 'data:image/jpeg;base64,…' (or image/png, image/gif).
 * One photo may come as a plain string; empty entries are skipped. The server checks each one's
 * type by its first bytes too (a renamed file is refused), its size in bytes and in pixels, and
 * keeps only its own re-encoding of the picture (decision 041).
 */
export const ratingPhotosInput = z.pipe(
  z.transform((value: unknown) =>
    value === undefined || value === null || value === ''
      ? []
      : typeof value === 'string'
        ? [value]
        : Array.isArray(value)
          ? value.filter((photo) => photo !== '' && photo !== null)
          : value,
  ),
  z
    .array(
      z
        .string({ error: 'ожидается фото как data URL (data:image/jpeg;base64,…)' })
        .check(z.maxLength(PHOTO_DATA_URL_MAX, 'фото больше 2 МБ')),
      { error: 'ожидается список фото (data URL)' },
    )
    .check(z.maxLength(MAX_RATING_PHOTOS, `можно приложить не больше ${MAX_RATING_PHOTOS} фото`)),
);

/**
 * POST /api/v1/rate/add: an order rating (item_id empty) or an item rating (item_id set).
 * Order rating: stars (default 5), rate_taste, rate_speed, rate_fresh, rate_quality.
 * Item rating: taste, fresh, speed, and spec_id when the dish was ordered with an option.
 * Both: comment, photos, type (the low-rating category, a rateGetTypes item id).
 */
export const rateAddRequest = z.object({
  order_id: wireId,
  item_id: optionalWireId,
  spec_id: optionalWireId,
  user_id: wireId,
  token: sessionToken,
  stars: score,
  rate_taste: score,
  rate_speed: score,
  rate_fresh: score,
  rate_quality: score,
  taste: score,
  fresh: score,
  speed: score,
  comment: z.optional(wireText(RATING_COMMENT_MAX_LENGTH)),
  photos: ratingPhotosInput,
  type: optionalWireId,
});
export type RateAddRequest = z.output<typeof rateAddRequest>;

export const rateAddCall = defineCall({
  name: 'rateAdd',
  method: 'POST',
  path: '/api/v1/rate/add',
  tag: 'ratings',
  summary: 'Rate a paid order or one of its dishes (SPEC 3, 4, 5, 7)',
  description: `Two kinds, told apart by \`item_id\`. Order rating (item_id and spec_id empty): \`stars\` 1..5 (absent: 5), \`rate_taste\`, \`rate_speed\`, \`rate_fresh\`, \`rate_quality\` 1..5 or empty. Item rating (item_id = the dish id of a basket line, spec_id = its option id or empty): \`taste\`, \`fresh\`, \`speed\` 1..5 or empty. Both: \`comment\` (up to 2000 characters), \`type\` (the low-rating category: an item id of rateGetTypes, or empty) and \`photos\`: up to 3 pictures as data URLs in the JSON body (\`data:image/jpeg;base64,…\`, also image/png and image/gif), at most 2 MB and ${MAX_RATING_PHOTO_PIXELS / 1_000_000} million pixels each (the size the file declares, read before anything is decoded); the body of this call may be up to 9 MB. The type is checked by the picture’s first bytes as well as by its label, and the picture must decode whole. What is kept is the server’s own JPEG of it (the first frame of a GIF, turned upright, at most 1600 px a side, without EXIF or any other metadata), never the upload. Only the order’s own user may rate it, only once it is paid, and once per order and per dish (and option).Answers \`{ success: true }\`.`,
  auth: 'user',
  credentials: credentialFields('user_id', 'token'),
  body: rateAddRequest,
  response: successResponse,
  errors: {
    unauthorized: 'user_id + token do not make a live session (401)',
    validation: 'a field is missing or malformed: a score outside 1..5, more than 3 photos (400, names the field)',
    photo:
      'a photo is not a jpeg, png or gif data URL, does not decode, is over 2 MB or declares more pixels than allowed (400, «Фото N: …»)',
    unavailable:
      'a photo was not made within the server’s time bound (503 with Retry-After; nothing kept, the try not counted)',
    order_not_found: 'no such order of this user (404 «Заказ не найден.»)',
    not_paid: 'the order is not paid yet (409 «Оценить можно только оплаченный заказ.»)',
    item_not_in_order: 'the dish (and option) is not in the order (400)',
    rating_type: 'type is not a rating category (400)',
    already_rated: 'this order or dish is rated already (409 «Оценка уже оставлена»)',
    rate_limited:
      'more than 30 refused tries of this user in 10 minutes (429); a rating kept does not count, so an order of any size is rated whole',
  },
});

// ---------------------------------------------------------------------------------------------

/** Ratings per page of rate/list, and the most a page may ask for. */
export const RATING_LIST_PAGE_SIZE = 50;
export const RATING_LIST_PAGE_MAX = 100;

/** A whole number ≥ 0 as a number or its digits; absent, null or '' means "default". */
export const optionalCount = optionalWireInt(0, 1_000_000);

export const rateListRequest = z.object({
  user_id: wireId,
  token: sessionToken,
  limit: optionalCount,
  offset: optionalCount,
});

/** One rating of the user, with what it rates, for the «Мои оценки» page (SPEC 2 RateList). */
export const ratingListEntry = z.object({
  id: z.int(),
  /** 'order': the whole order; 'item': one dish of it. */
  kind: z.enum(['order', 'item']),
  order_id: z.int(),
  znumber: z.string(),
  restoran_id: z.int(),
  restoran: z.string(),
  /** When the rating was left: ISO 8601, and 'DD.MM.YYYY HH:MM' on the restaurant's clock. */
  time: z.string(),
  time_text: z.string(),
  /** The order's date, 'DD.MM.YYYY HH:MM' on the restaurant's clock. */
  order_time_text: z.string(),
  /** Item ratings: the dish, its option and name; null for an order rating. */
  item_id: z.nullable(z.int()),
  spec_id: z.nullable(z.int()),
  item_name: z.nullable(z.string()),
  /** Order ratings: stars 1..5 and the four scores (null when not given). */
  stars: z.nullable(z.int()),
  rate_taste: z.nullable(z.int()),
  rate_fresh: z.nullable(z.int()),
  rate_speed: z.nullable(z.int()),
  rate_quality: z.nullable(z.int()),
  /** Item ratings: taste, fresh, speed 1..5 (null when not given or for an order rating). */
  taste: z.nullable(z.int()),
  fresh: z.nullable(z.int()),
  speed: z.nullable(z.int()),
  comment: z.string(),
  /** The low-rating category: a rateGetTypes item id and its name. */
  type: z.nullable(z.int()),
  type_name: z.nullable(z.string()),
  /** Signed links to the photos (GET /api/v1/rate/photo/{id}?sig=…). */
  photos: z.array(z.string()),
});
export type RatingListEntry = z.infer<typeof ratingListEntry>;

export const rateListResponse = z.object({ success: z.literal(true), items: z.array(ratingListEntry) });

export const rateListCall = defineCall({
  name: 'rateList',
  method: 'POST',
  path: '/api/v1/rate/list',
  tag: 'ratings',
  summary: 'The signed-in user’s ratings, newest first (SPEC 2 RateList, SPEC 7)',
  description: `Each entry names what it rates (order number, restaurant, dish for an item rating), its scores, comment, category and photo links. Pages: \`limit\` (default ${RATING_LIST_PAGE_SIZE}, at most ${RATING_LIST_PAGE_MAX}) and \`offset\` (the number already loaded), both optional.`,
  auth: 'user',
  credentials: credentialFields('user_id', 'token'),
  body: rateListRequest,
  response: rateListResponse,
  errors: {
    unauthorized: 'user_id + token do not make a live session (401)',
    validation: 'a field is missing or malformed (400)',
  },
});

export const ratePhotoCall = defineCall({
  name: 'ratePhoto',
  method: 'GET',
  path: '/api/v1/rate/photo/:id',
  tag: 'ratings',
  summary: 'A rating photo, by the signed link that rate/list and order/listUser give',
  description:
    'The link carries `?sig=`, an HMAC of the photo id with the server’s secret: the photo opens in an <img> without the session token, and only for whoever was given the link (the rating’s own user). A wrong or missing sig answers 404 like an unknown photo. The answer is the server’s own JPEG of the picture (decision 041), never the upload as it came: a photo kept as uploaded before that is made again on its first read, and one that cannot be made answers 404. Cacheable privately for a year.',
  auth: 'public',
  params: z.object({ id: wireId }),
  response: z.string(),
  errors: {
    not_found: 'no such photo, or the sig does not match (404)',
    unavailable: 'a photo kept as uploaded could not be made again in time (503 with Retry-After)',
  },
});

// ---------------------------------------------------------------------------------------------
// rateGetTypes: an action of the generic call (SPEC 7)

export const ratingTypesResponse = z.object({
  sections: z.array(z.object({ id: z.int(), name: z.string() })),
  items: z.array(z.object({ id: z.int(), name: z.string(), section_id: z.int() })),
});
export type RatingTypes = z.infer<typeof ratingTypesResponse>;

export const rateGetTypesAction = defineAction({
  name: 'rateGetTypes',
  auth: 'user',
  summary:
    'The low-rating categories: sections (Кухня, Сервис, Доставка…) and their items; an item id is the `type` of rate/add. No fields.',
  fields: z.object({}),
  response: ratingTypesResponse,
});
