import type { DishLabel, MenuKind, OrderType, PayMethod } from '@chain/domain';
import type { ColumnType, Generated } from 'kysely';

/** A column the database fills when the insert leaves it out. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** The menu kind, order type and pay method unions live in the domain. */
export type { DishLabel, MenuKind, OrderType, PayMethod };

/** A GeoJSON Polygon's coordinates: rings of [lon, lat]; the first ring is the outline. */
export type PolygonCoordinates = Array<Array<[number, number]>>;

/** A delivery period of a zone: HH:MM bounds and seven 0/1 flags, Monday first. */
export interface ZonePeriod {
  from: string;
  to: string;
  days: number[];
}

export interface SettingsTable {
  key: string;
  value: unknown;
  /** 023: the row's version; a back-office save names it and bumps it (http/versioned.ts). */
  version: Defaulted<number>;
}

export interface RestaurantsTable {
  id: Generated<number>;
  fs_uid: string;
  name: string;
  name_short: string;
  address: string;
  about: Defaulted<string>;
  phone: string;
  email: string;
  seating: number;
  lat: number;
  lon: number;
  time_zone: Defaulted<string>;
  active: Defaulted<boolean>;
  delivery_rest: Defaulted<boolean>;
  delivery_self: Defaulted<boolean>;
  delivery_courier: Defaulted<boolean>;
  delivery_days: Defaulted<number>;
  delivery_days_true: Defaulted<number>;
  winecard: Defaulted<boolean>;
  sbp: Defaulted<boolean>;
  congestion_text: Defaulted<string>;
  menu_kinds: Defaulted<MenuKind[]>;
  min_order_sum_inrest: Defaulted<number>;
  min_order_sum_self: Defaulted<number>;
  min_order_sum_shop_inrest: Defaulted<number>;
  min_order_sum_shop_self: Defaulted<number>;
  sort: Defaulted<number>;
  /** 008_restaurant_load: cook-minutes the kitchen does in an hour (decision 014). */
  kitchen_capacity: Defaulted<number>;
  /** 015_kiosk_code: the kiosk staff code as `scrypt$N$r$p$salt$hash` (modules/kiosk/codes.ts); null: none set. */
  kiosk_code_hash: Defaulted<string | null>;
  /** 023: the row's version; a back-office save names it and bumps it (http/versioned.ts). */
  version: Defaulted<number>;
  /** 027: set when the restaurant was archived (then inactive); null while it is not. */
  archived_at: Defaulted<Date | null>;
  /** 027: closed for now until this moment (null: not closed); guests read closed_text meanwhile. */
  closed_until: Defaulted<Date | null>;
  closed_text: Defaulted<string>;
  /** 033: the restaurant's photo, '' for none, else a picture under /media/ (decision 052). */
  img: Defaulted<string>;
}

export interface RestaurantScheduleTable {
  restaurant_id: number;
  weekday: number;
  from_minute: number;
  to_minute: number;
}

/** 027: a date whose hours differ from its weekday's: closed (null hours) or other hours. */
export interface RestaurantHolidaysTable {
  restaurant_id: number;
  day: string;
  from_minute: number | null;
  to_minute: number | null;
  note: Defaulted<string>;
}

export interface DeliveryZonesTable {
  id: Generated<number>;
  restaurant_id: number;
  name: string;
  active: Defaulted<boolean>;
  polygon: ColumnType<PolygonCoordinates, string, string>;
  color: string;
  periods: ColumnType<ZonePeriod[], string | undefined, string>;
  time_limit: Defaulted<number>;
  min_order_sum_rest: Defaulted<number>;
  min_order_sum_shop: Defaulted<number>;
  delivery_price: Defaulted<number>;
  free_delivery_from: Defaulted<number | null>;
  sort: Defaulted<number>;
  /** 023: the row's version; a back-office save names it and bumps it (http/versioned.ts). */
  version: Defaulted<number>;
  /** 028: set when a zone that orders name is removed; guests no longer see it. */
  archived_at: Defaulted<Date | null>;
}

export interface RestaurantTablesTable {
  id: Generated<number>;
  restaurant_id: number;
  num: string;
  code: string;
  seats: number;
  bookable: Defaulted<boolean>;
  /** 023: the row's version; a back-office save names it and bumps it (http/versioned.ts). */
  version: Defaulted<number>;
}

export interface CategoriesTable {
  id: Generated<number>;
  menu_kind: MenuKind;
  name: string;
  img: string;
  sort: Defaulted<number>;
  /** 023: the row's version; a back-office save names it and bumps it (http/versioned.ts). */
  version: Defaulted<number>;
  /** 032: when the catalogue stopped holding it (null: in the catalogue); archived rows stay for orders' history. */
  archived_at: Defaulted<Date | null>;
  /** 025: hidden from guests, with its dishes. */
  hidden: Defaulted<boolean>;
  /** 034: the version of its dishes' order, moved by the dishes' triggers whenever which dishes it holds or their order changes. */
  dish_order_version: Defaulted<number>;
}

export interface DishesTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  thumb: string;
  img: string;
  price: number;
  weight: Defaulted<string>;
  sostav: Defaulted<string>;
  more_ingredients: Defaulted<string>;
  is_shop: Defaulted<boolean>;
  is_locked: Defaulted<boolean>;
  lock_code: Defaulted<string | null>;
  cook_time: Defaulted<number>;
  active: Defaulted<boolean>;
  sort: Defaulted<number>;
  /** 023: the row's version; a back-office save names it and bumps it (http/versioned.ts). */
  version: Defaulted<number>;
  /** 024: diets, heat and allergen groups (packages/domain dish-labels.ts). */
  labels: Defaulted<DishLabel[]>;
  /** 025: archived (named by orders, never deleted); an archived dish is never active. */
  archived_at: Defaulted<Date | null>;
}

export interface DishOptionsTable {
  id: Generated<number>;
  dish_id: number;
  name: string;
  price: Defaulted<number>;
  disabled: Defaulted<boolean>;
  multicheck: Defaulted<boolean>;
  max_cnt: Defaulted<number>;
  sort: Defaulted<number>;
  /** 023: the row's version; a back-office save names it and bumps it (http/versioned.ts). */
  version: Defaulted<number>;
  /** 025: archived (named by orders, never deleted); an archived option is always disabled. */
  archived_at: Defaulted<Date | null>;
}

/** 025: a restaurant that does not carry a dish of a menu it offers. */
export interface DishesNotCarriedTable {
  dish_id: number;
  restaurant_id: number;
}

/** 025: a photo a manager uploaded — a dish's, a restaurant's (033) — as the server encoded it again (decision 041). Named for the menu alone; kept so (the previous release reads it: docs/operations.md, expand then contract). */
export interface UploadedPhotosTable {
  name: string;
  data: Buffer | Uint8Array;
  width: number;
  height: number;
  created_by: number | null;
  created_at: Defaulted<Date>;
}

export interface StopListTable {
  restaurant_id: number;
  dish_id: number;
  reason: Defaulted<string>;
  since: Defaulted<Date>;
}

export interface CutleryItemsTable {
  id: Generated<number>;
  name: string;
  price: number;
  free_cnt: Defaulted<number>;
  max: number;
  order_types: Defaulted<OrderType[]>;
  sort: Defaulted<number>;
  /** 023: the row's version; a back-office save names it and bumps it (http/versioned.ts). */
  version: Defaulted<number>;
  /** 026: archived by a manager — offered to no guest, kept for the orders that name it. */
  archived_at: Defaulted<Date | null>;
}

export interface RecommendedItemsTable {
  id: Generated<number>;
  dish_id: number;
  free_cnt: Defaulted<number>;
  separated: Defaulted<boolean>;
  order_types: Defaulted<OrderType[]>;
  sort: Defaulted<number>;
  /** 023: the row's version; a back-office save names it and bumps it (http/versioned.ts). */
  version: Defaulted<number>;
  /** 026: archived by a manager — offered to no guest, kept for the orders that name it. */
  archived_at: Defaulted<Date | null>;
}

export interface CouponsTable {
  id: Generated<number>;
  code: string;
  title: string;
  /** Percent off the order sum (negative: a markup); null for a fixed amount (029). */
  percent: Defaulted<number | null>;
  /** Dates as YYYY-MM-DD strings: the driver is told to keep `date` as text. */
  active_from: string;
  active_to: string;
  order_types: Defaulted<OrderType[]>;
  restaurant_ids: Defaulted<number[] | null>;
  min_sum: Defaulted<number>;
  once_per_user: Defaulted<boolean>;
  active: Defaulted<boolean>;
  /** 023: the row's version; a back-office save names it and bumps it (http/versioned.ts). */
  version: Defaulted<number>;
  /** 029: kopecks off the order sum, for a fixed coupon; null for a percent one. */
  amount: Defaulted<number | null>;
  /** 029: uses in total (orders that applied it and were not cancelled); null: no limit. */
  max_uses: Defaulted<number | null>;
  created_at: Defaulted<Date>;
}

export interface RatingSectionsTable {
  id: Generated<number>;
  name: string;
  sort: Defaulted<number>;
}

export interface RatingItemsTable {
  id: Generated<number>;
  section_id: number;
  name: string;
  sort: Defaulted<number>;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  checksum: string;
  applied_at: Defaulted<Date>;
}

export interface UsersTable {
  id: Generated<number>;
  phone: Defaulted<string | null>;
  email: Defaulted<string | null>;
  name: Defaulted<string>;
  card: Defaulted<string>;
  city: Defaulted<string>;
  street: Defaulted<string>;
  house: Defaulted<string>;
  room: Defaulted<string>;
  booking: Defaulted<boolean>;
  stoplist: Defaulted<boolean>;
  created_at: Defaulted<Date>;
  updated_at: Defaulted<Date>;
  /** 004_account_deletion: set when the account was deleted; the row is then an empty tombstone. */
  deleted_at: Defaulted<Date | null>;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  push_token: Defaulted<string | null>;
  created_at: Defaulted<Date>;
  last_seen_at: Defaulted<Date>;
  revoked_at: Defaulted<Date | null>;
}

export type CodeChannel = 'email' | 'sms' | 'call';

export interface AuthCodesTable {
  id: Generated<number>;
  contact: string;
  channel: CodeChannel;
  code_hash: string;
  attempts: Defaulted<number>;
  created_at: Defaulted<Date>;
  expires_at: Date;
  consumed_at: Defaulted<Date | null>;
}

export interface CaptchasTable {
  id: string;
  contact: string;
  answer_hash: string;
  created_at: Defaulted<Date>;
  expires_at: Date;
  used_at: Defaulted<Date | null>;
}

export interface InboundChecksTable {
  id: string;
  phone: string;
  provider_check_id: string;
  call_number: string;
  created_at: Defaulted<Date>;
  expires_at: Date;
  confirmed_at: Defaulted<Date | null>;
  consumed_at: Defaulted<Date | null>;
}

export interface RateLimitsTable {
  key: string;
  window_start: Date;
  count: Defaulted<number>;
}

/** The geocoder's answers (migration 014): the question, the JSON answer, read until it expires. */
export interface GeocoderCacheTable {
  key: string;
  answer: string;
  expires_at: Date;
}

export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  data: ColumnType<unknown, string, string>;
  full_text: string;
  short_text: string;
  lat: Defaulted<number | null>;
  lon: Defaulted<number | null>;
  created_at: Defaulted<Date>;
  updated_at: Defaulted<Date>;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: Defaulted<number | null>;
  name: Defaulted<string>;
  phone: Defaulted<string>;
  message: string;
  restaurant_id: Defaulted<number | null>;
  category: Defaulted<string>;
  created_at: Defaulted<Date>;
}

/** 016: the chain's texts (decision 024): the offer, the delivery terms, «О сети». */
export interface ChainPagesTable {
  slug: string;
  title: string;
  body: string;
  updated_at: Defaulted<Date>;
  /** 023: the row's version; a back-office save names it and bumps it (http/versioned.ts). */
  version: Defaulted<number>;
}

/** 016: feedback topics (SPEC 5): a category (parent_id null) or an item of one. */
export interface FeedbackTopicsTable {
  id: Generated<number>;
  parent_id: Defaulted<number | null>;
  name: string;
  sort: Defaulted<number>;
  active: Defaulted<boolean>;
}

export interface SandboxOutboxTable {
  id: Generated<number>;
  channel: 'sms' | 'call' | 'email';
  recipient: string;
  code: Defaulted<string | null>;
  text: string;
  /** 019: an e-mail's Message-Id as the sender set it, or null. */
  message_id: Defaulted<string | null>;
  created_at: Defaulted<Date>;
}

export interface SandboxCaptchasTable {
  contact: string;
  answer: string;
  created_at: Defaulted<Date>;
}

export interface SandboxInboundChecksTable {
  check_id: string;
  phone: string;
  call_phone: string;
  status: Defaulted<'pending' | 'confirmed' | 'expired'>;
  created_at: Defaulted<Date>;
  expires_at: Date;
}

// --- 003: bookings and the catalogue version ----------------------------------------------------

export type BookingStatus = 'new' | 'active' | 'cancelled' | 'ended';

export interface BookingsTable {
  id: Generated<number>;
  booking_num: string;
  user_id: number;
  restaurant_id: number;
  table_id: Defaulted<number | null>;
  timefrom: Date;
  timeto: Date;
  cntpersons: number;
  cntminutes: number;
  /** Kopecks. */
  min_sum: Defaulted<number>;
  status: Defaulted<BookingStatus>;
  comment: Defaulted<string>;
  created_at: Defaulted<Date>;
}

/** One row, bumped by triggers whenever the menu or the restaurant list changes. */
export interface CatalogueVersionTable {
  singleton: Defaulted<boolean>;
  version: Defaulted<number>;
}

// --- 006: orders, payments, ratings -----------------------------------------------------------

export type OrderSource = 'kiosk' | 'web';

export interface OrdersTable {
  id: Generated<number>;
  znumber: string;
  /** YYYY-MM-DD in the restaurant's zone, with the 06:00 day boundary. */
  business_day: string;
  restaurant_id: number;
  user_id: number | null;
  source: OrderSource;
  type: OrderType;
  status: Defaulted<number>;
  paid: Defaulted<boolean>;
  delayed: Defaulted<boolean>;
  items_sum: number;
  cutlery_sum: Defaulted<number>;
  recommended_sum: Defaulted<number>;
  /** numeric(5,2): a number (src/db/type-parsers.ts). */
  discount_percent: ColumnType<number, number | undefined, number>;
  discount_sum: Defaulted<number>;
  delivery_sum: Defaulted<number>;
  sum: number;
  coupon_id: Defaulted<number | null>;
  /** Migration 013: false when the coupon was below its minimum sum and not applied. */
  coupon_applied: Defaulted<boolean>;
  table_num: Defaulted<string | null>;
  booking_num: Defaulted<string | null>;
  zone_id: Defaulted<number | null>;
  comment: Defaulted<string>;
  props: ColumnType<Record<string, unknown>, string | undefined, string>;
  as_ready: Defaulted<boolean>;
  ready_at: Defaulted<Date | null>;
  name: Defaulted<string>;
  phone: Defaulted<string>;
  email: Defaulted<string>;
  emailsend: Defaulted<boolean>;
  push_token: Defaulted<string | null>;
  pay_method: Defaulted<PayMethod>;
  tips_id: Defaulted<string | null>;
  /** 017: when the order may next be taken to get its tips_id (null: not due); decision 025. */
  tips_due_at: Defaulted<Date | null>;
  /** 017: takes of the order's tips_id so far. */
  tips_attempts: Defaulted<number>;
  /** 019: when the order may next be taken to e-mail its receipt (null: not due); decision 032. */
  receipt_due_at: Defaulted<Date | null>;
  /** 019: takes of the receipt's letter so far (the lease's token). */
  receipt_attempts: Defaulted<number>;
  /** 019: when the mail service accepted the receipt's letter. */
  receipt_sent_at: Defaulted<Date | null>;
  /** 021: the kiosk (kiosk_devices) the order was placed at; null for a guest's order (decision 038). */
  kiosk_device_id: Defaulted<number | null>;
  /** 031: money of its refunds the bank returned (decision 050). */
  refunded_sum: Defaulted<number>;
  /** 031: money of its refunds asked of the bank and not yet returned. */
  refunding_sum: Defaulted<number>;
  idempotency_key: string;
  request_hash: string;
  created_at: Defaulted<Date>;
  paid_at: Defaulted<Date | null>;
  status_changed_at: Defaulted<Date>;
}

export interface OrderCountersTable {
  restaurant_id: number;
  business_day: string;
  last_number: number;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  kind: 'dish' | 'cutlery' | 'recommended';
  item_id: number;
  name: string;
  price: number;
  cnt: number;
  charged_cnt: number;
  line_sum: number;
  spec: ColumnType<{ id: number; name: string; price: number } | null, string | null, string | null>;
  specs: ColumnType<Array<{ id: number; name: string; price: number; cnt: number }>, string | undefined, string>;
  comment: Defaulted<string>;
  photo: Defaulted<string>;
  sort: Defaulted<number>;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  status: number;
  at: Defaulted<Date>;
  actor: Defaulted<string>;
}

export interface CouponUsesTable {
  coupon_id: number;
  user_id: number | null;
  order_id: number;
  created_at: Defaulted<Date>;
}

export interface DeliveryQuotesTable {
  uuid: string;
  restaurant_id: number;
  zone_id: number | null;
  items_sum: number;
  delivery_sum: number;
  avail_by_time: boolean;
  created_at: Defaulted<Date>;
  expires_at: Date;
  /** Migration 013: the restaurant, zone, cart and delivery time the quote priced. */
  fingerprint: Defaulted<string>;
  /** Migration 013: the base free delivery was measured against, kopecks. */
  order_sum: Defaulted<number>;
}

/** Migrations 010 and 011 describe each state; decision 016 the moves between them. */
export type PaymentStatus =
  | 'registering'
  | 'pending'
  | 'paid'
  | 'declined'
  | 'cancelling'
  | 'cancelled'
  | 'refund_due'
  | 'refunded'
  | 'refund_failed'
  | 'needs_operator';

export interface PaymentsTable {
  id: Generated<number>;
  order_id: number;
  method: PayMethod;
  /** The bank's mdOrder; null only while `registering`. */
  provider_id: Defaulted<string | null>;
  amount: number;
  status: Defaulted<PaymentStatus>;
  form_url: Defaulted<string | null>;
  binding_id: Defaulted<string | null>;
  sbp_payload: Defaulted<string | null>;
  failure: Defaulted<string | null>;
  created_at: Defaulted<Date>;
  updated_at: Defaulted<Date>;
  attempts: Defaulted<number>;
  next_attempt_at: Defaulted<Date | null>;
}

// --- 010: payment events ----------------------------------------------------------------------

export type PaymentEventKind = 'decline' | 'reverse' | 'refund';
export type PaymentEventOutcome = 'done' | 'retry' | 'refused';

export interface PaymentEventsTable {
  id: Generated<number>;
  order_id: number;
  payment_id: number;
  kind: PaymentEventKind;
  amount: number;
  outcome: PaymentEventOutcome;
  bank_code: Defaulted<string>;
  bank_message: Defaulted<string>;
  at: Defaulted<Date>;
}

// --- 031: refunds of paid orders (decision 050) ------------------------------------------------

export type RefundStatus = 'pending' | 'done' | 'failed';

export interface OrderRefundsTable {
  id: Generated<number>;
  order_id: number;
  payment_id: number;
  request_key: string;
  full_cancel: boolean;
  amount: number;
  /** [{ id: order_items.id, cnt }] */
  lines: ColumnType<{ id: number; cnt: number }[], string | undefined, string>;
  status: Defaulted<RefundStatus>;
  attempts: Defaulted<number>;
  next_attempt_at: Defaulted<Date>;
  failure: Defaulted<string | null>;
  staff_id: Defaulted<number | null>;
  created_at: Defaulted<Date>;
  done_at: Defaulted<Date | null>;
  mail_due_at: Defaulted<Date | null>;
  mail_attempts: Defaulted<number>;
  mail_sent_at: Defaulted<Date | null>;
}

export interface SandboxAcquiringRefundsTable {
  id: Generated<number>;
  md_order: string;
  amount: number;
  created_at: Defaulted<Date>;
}

export interface CardBindingsTable {
  binding_id: string;
  user_id: number;
  masked_pan: string;
  expiry: Defaulted<string>;
  created_at: Defaulted<Date>;
}

export interface RatingsTable {
  id: Generated<number>;
  order_id: number;
  user_id: number | null;
  item_id: Defaulted<number | null>;
  spec_id: Defaulted<number | null>;
  stars: Defaulted<number | null>;
  rate_taste: Defaulted<number | null>;
  rate_fresh: Defaulted<number | null>;
  rate_speed: Defaulted<number | null>;
  rate_quality: Defaulted<number | null>;
  comment: Defaulted<string>;
  type: Defaulted<number | null>;
  created_at: Defaulted<Date>;
}

export interface RatingPhotosTable {
  id: Generated<number>;
  rating_id: number;
  mime: 'image/jpeg' | 'image/png' | 'image/gif';
  data: Buffer | Uint8Array;
  created_at: Defaulted<Date>;
  /** false: kept as uploaded before decision 041, made again on its first read. */
  reencoded: Defaulted<boolean>;
  /** true: kept as uploaded and found not to decode within the limit; never served, never decoded again. */
  refused: Defaulted<boolean>;
}

export interface SandboxAcquiringOrdersTable {
  md_order: string;
  order_number: string;
  amount: number;
  return_url: string;
  fail_url: string;
  client_id: Defaulted<string | null>;
  status: Defaulted<number>;
  binding_id: Defaulted<string | null>;
  masked_pan: Defaulted<string | null>;
  created_at: Defaulted<Date>;
  refunded_amount: Defaulted<number>;
}

export interface SandboxAcquiringFaultsTable {
  method: string;
  remaining: number;
  /** 011: > 0 makes the calls slow (answered after this many ms) instead of unavailable. */
  delay_ms: Defaulted<number>;
}

export interface SandboxSbpPaymentsTable {
  qr_id: string;
  order_number: string;
  amount: number;
  status: Defaulted<'pending' | 'paid' | 'declined'>;
  created_at: Defaulted<Date>;
}

/** 017: the sandbox tips service's receivers (one tips page per order). */
export interface SandboxTipsReceiversTable {
  tips_id: string;
  external_id: string;
  name: string;
  place: Defaulted<string>;
  created_at: Defaulted<Date>;
}

/** 017: tips left on the sandbox tips pages. */
export interface SandboxTipsTable {
  id: Generated<number>;
  tips_id: string;
  amount: number;
  comment: Defaulted<string>;
  created_at: Defaulted<Date>;
}

/** 017: the sandbox tips service's faults switch (one row). */
export interface SandboxTipsFaultsTable {
  id: Defaulted<boolean>;
  remaining: number;
}

/** 019: the sandbox mail service's faults switch: its next `remaining` messages answer 503. */
export interface SandboxMailFaultsTable {
  id: Defaulted<boolean>;
  remaining: number;
}

// 035: the sandbox's captcha service (decision 061)
export interface SandboxSmartcaptchaTokensTable {
  token: string;
  host: string;
  expires_at: Date;
  used_at: Defaulted<Date | null>;
}

export interface SandboxSmartcaptchaFaultsTable {
  id: Defaulted<boolean>;
  remaining: number;
}

// 018: the restaurant's side (issue 17)
export type StaffRoleColumn = 'manager' | 'kitchen';

export interface StaffAccountsTable {
  id: Generated<number>;
  login: string;
  name: string;
  email: string;
  password_hash: string;
  role: StaffRoleColumn;
  chain: Defaulted<boolean>;
  active: Defaulted<boolean>;
  created_at: Defaulted<Date>;
  /** 023: the row's version; a back-office save names it and bumps it (http/versioned.ts). */
  version: Defaulted<number>;
}

export interface StaffRestaurantsTable {
  staff_id: number;
  restaurant_id: number;
}

export interface StaffChallengesTable {
  id: Generated<number>;
  token_hash: string;
  staff_id: number;
  code_hash: string;
  attempts: Defaulted<number>;
  expires_at: Date;
  used_at: Defaulted<Date | null>;
  created_at: Defaulted<Date>;
}

export interface StaffSessionsTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  created_at: Defaulted<Date>;
  expires_at: Date;
  revoked_at: Defaulted<Date | null>;
  /** 030: the browser's User-Agent at sign-in ('' when none), at most 300 characters. */
  user_agent: Defaulted<string>;
  /** 030: when the session was last used, touched at most once a minute. */
  last_seen_at: Defaulted<Date>;
}

/** 021: a kiosk its restaurant's staff connected with the staff code (decision 038). */
export interface KioskDevicesTable {
  id: Generated<number>;
  restaurant_id: number;
  /** SHA-256 (hex) of the device's token; the token itself is kept by the kiosk only. */
  token_hash: string;
  created_at: Defaulted<Date>;
  last_used_at: Defaulted<Date>;
  ended_at: Defaulted<Date | null>;
  ended_by: Defaulted<KioskDeviceEnd | null>;
}

/** Why a kiosk device ended: staff left kiosk mode, the browser was connected again, on call ended it. */
export type KioskDeviceEnd = 'exit' | 'replaced' | 'operator';

export interface StaffAuditTable {
  id: Generated<number>;
  at: Defaulted<Date>;
  staff_id: number;
  action: string;
  restaurant_id: Defaulted<number | null>;
  target: Defaulted<string>;
  before: ColumnType<unknown, string | null | undefined, string | null> | null;
  after: ColumnType<unknown, string | null | undefined, string | null> | null;
}

export interface StopListOptionsTable {
  restaurant_id: number;
  option_id: number;
  reason: Defaulted<string>;
  since: Defaulted<Date>;
}

export interface RestaurantLoadOverridesTable {
  restaurant_id: number;
  load_percent: number;
  avg_minutes: number;
  until: Date;
  set_by: number;
  set_at: Defaulted<Date>;
}

export interface Database {
  settings: SettingsTable;
  restaurants: RestaurantsTable;
  restaurant_schedule: RestaurantScheduleTable;
  restaurant_holidays: RestaurantHolidaysTable;
  delivery_zones: DeliveryZonesTable;
  restaurant_tables: RestaurantTablesTable;
  categories: CategoriesTable;
  dishes: DishesTable;
  dish_options: DishOptionsTable;
  stop_list: StopListTable;
  cutlery_items: CutleryItemsTable;
  recommended_items: RecommendedItemsTable;
  coupons: CouponsTable;
  rating_sections: RatingSectionsTable;
  rating_items: RatingItemsTable;
  schema_migrations: SchemaMigrationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  auth_codes: AuthCodesTable;
  captchas: CaptchasTable;
  inbound_checks: InboundChecksTable;
  rate_limits: RateLimitsTable;
  addresses: AddressesTable;
  feedback: FeedbackTable;
  chain_pages: ChainPagesTable;
  feedback_topics: FeedbackTopicsTable;
  sandbox_outbox: SandboxOutboxTable;
  sandbox_captchas: SandboxCaptchasTable;
  sandbox_inbound_checks: SandboxInboundChecksTable;
  bookings: BookingsTable;
  catalogue_version: CatalogueVersionTable;
  orders: OrdersTable;
  order_counters: OrderCountersTable;
  order_items: OrderItemsTable;
  order_status_history: OrderStatusHistoryTable;
  coupon_uses: CouponUsesTable;
  delivery_quotes: DeliveryQuotesTable;
  payments: PaymentsTable;
  card_bindings: CardBindingsTable;
  ratings: RatingsTable;
  rating_photos: RatingPhotosTable;
  sandbox_acquiring_orders: SandboxAcquiringOrdersTable;
  sandbox_sbp_payments: SandboxSbpPaymentsTable;
  payment_events: PaymentEventsTable;
  sandbox_acquiring_faults: SandboxAcquiringFaultsTable;
  geocoder_cache: GeocoderCacheTable;
  sandbox_tips_receivers: SandboxTipsReceiversTable;
  sandbox_tips: SandboxTipsTable;
  sandbox_tips_faults: SandboxTipsFaultsTable;
  sandbox_mail_faults: SandboxMailFaultsTable;
  sandbox_smartcaptcha_tokens: SandboxSmartcaptchaTokensTable;
  sandbox_smartcaptcha_faults: SandboxSmartcaptchaFaultsTable;
  staff_accounts: StaffAccountsTable;
  staff_restaurants: StaffRestaurantsTable;
  staff_challenges: StaffChallengesTable;
  staff_sessions: StaffSessionsTable;
  staff_audit: StaffAuditTable;
  stop_list_options: StopListOptionsTable;
  restaurant_load_overrides: RestaurantLoadOverridesTable;
  kiosk_devices: KioskDevicesTable;
  order_refunds: OrderRefundsTable;
  sandbox_acquiring_refunds: SandboxAcquiringRefundsTable;
  dishes_not_carried: DishesNotCarriedTable;
  menu_photos: UploadedPhotosTable;
}
