import type { ColumnType, Generated } from 'kysely';

/** A column the database fills when the insert leaves it out. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export type MenuKind = 'restaurant' | 'shop' | 'bar';
export type OrderType = 'inrest' | 'self' | 'delivery';

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
}

export interface RestaurantScheduleTable {
  restaurant_id: number;
  weekday: number;
  from_minute: number;
  to_minute: number;
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
}

export interface RestaurantTablesTable {
  id: Generated<number>;
  restaurant_id: number;
  num: string;
  code: string;
  seats: number;
  bookable: Defaulted<boolean>;
}

export interface CategoriesTable {
  id: Generated<number>;
  menu_kind: MenuKind;
  name: string;
  img: string;
  sort: Defaulted<number>;
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
}

export interface RecommendedItemsTable {
  id: Generated<number>;
  dish_id: number;
  free_cnt: Defaulted<number>;
  separated: Defaulted<boolean>;
  order_types: Defaulted<OrderType[]>;
  sort: Defaulted<number>;
}

export interface CouponsTable {
  id: Generated<number>;
  code: string;
  title: string;
  percent: number;
  /** Dates as YYYY-MM-DD strings: the driver is told to keep `date` as text. */
  active_from: string;
  active_to: string;
  order_types: Defaulted<OrderType[]>;
  restaurant_ids: Defaulted<number[] | null>;
  min_sum: Defaulted<number>;
  once_per_user: Defaulted<boolean>;
  active: Defaulted<boolean>;
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

export interface SandboxOutboxTable {
  id: Generated<number>;
  channel: 'sms' | 'call' | 'email';
  recipient: string;
  code: Defaulted<string | null>;
  text: string;
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

export interface Database {
  settings: SettingsTable;
  restaurants: RestaurantsTable;
  restaurant_schedule: RestaurantScheduleTable;
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
  sandbox_outbox: SandboxOutboxTable;
  sandbox_captchas: SandboxCaptchasTable;
  sandbox_inbound_checks: SandboxInboundChecksTable;
  bookings: BookingsTable;
  catalogue_version: CatalogueVersionTable;
}
