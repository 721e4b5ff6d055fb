import * as z from 'zod/mini';
import { flag } from './common';

/** A preset tip: an amount in kopecks and its label (SPEC 3 tips_volume: sum, text). */
export const tipsVolume = z.object({ sum: z.int(), text: z.string() });

/**
 * GET /settings.php: the chain's settings of SPEC 3, plus the brand the app shows
 * (name, colours, logo) so that nothing of the chain's identity lives in code (docs/design.md).
 */
export const settingsResponse = z.object({
  // SPEC 3 Settings
  delivery: flag,
  hotline: z.string(),
  allow_email_auth: flag,
  allow_inbound_auth: flag,
  allow_phone_auth: flag,
  allow_predzakaz: flag,
  allow_delayed: flag,
  show_zagruzka: flag,
  show_restmap: flag,
  text_stoplist: z.string(),
  text_info: z.string(),
  textNoTime: z.string(),
  tips_volume: z.array(tipsVolume),
  booking_text_step2: z.string(),
  text_about_zagruzka: z.string(),
  // Brand
  app_name: z.string(),
  brand_color: z.string(),
  logo: z.string(),
  app_store_url: z.string(),
  google_play_url: z.string(),
  tips_url: z.string(),
});
export type Settings = z.infer<typeof settingsResponse>;

/** The settings keys, in the order above; the database keeps one row per key. */
export const SETTINGS_KEYS = Object.keys(settingsResponse.shape) as Array<keyof Settings>;
