import type { Config } from '../config';

/**
 * The Content-Security-Policy: the product's own origin, plus the hosts named in configuration:
 * the maps API's exact script origins (script, style and frame: never a wildcard, issue 11.12),
 * the maps' tile, picture and data hosts (images and calls only), and the tips hosts (the tips
 * page may be framed), and the captcha service's origin when the sign-in shows its widget (its
 * script, its frames and its calls).
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const { mapsScripts, maps, tips } = config.cspHosts;
  // Only a chain that draws its maps with Yandex (a key configured) gets Yandex's own rules.
  const yandex = config.maps.yandexKey === '' ? NO_EXTRA : YANDEX_MAPS_CSP;
  // Only a chain whose sign-in shows a captcha service's widget allows its origin (decision 061);
  // the sandbox's stand-in comes from this server ('self').
  const captcha =
    config.captcha.kind === 'smartcaptcha' && config.captcha.baseUrl !== null
      ? [new URL(config.captcha.baseUrl).origin]
      : [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", ...mapsScripts, ...yandex.script, ...captcha],
    // Map widgets set inline styles; scripts stay strict.
    'style-src': ["'self'", "'unsafe-inline'", ...mapsScripts, ...yandex.style],
    'img-src': ["'self'", 'data:', 'blob:', ...maps, ...yandex.img],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...maps, ...yandex.connect, ...captcha],
    'frame-src': ["'self'", ...mapsScripts, ...tips, ...captcha],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
  };
}

const NO_EXTRA = { script: [], style: [], img: [], connect: [] } as const;

/**
 * What Yandex Maps JS API 2.1 needs under its CSP rules in force since April 2026 ("Enabling the
 * API when using CSP" in Yandex's documentation): its module hosts under *.api-maps.yandex.ru,
 * yastatic.net and 'unsafe-eval' for scripts. Added only when YANDEX_MAPS_KEY is set; the default
 * open tile map keeps exact script origins and no eval (issue 11.12, docs/security.md).
 */
const YANDEX_MAPS_CSP = {
  script: ['https://*.api-maps.yandex.ru', 'https://yastatic.net', "'unsafe-eval'"],
  style: ['https://*.api-maps.yandex.ru', 'https://yastatic.net'],
  img: ['https://*.api-maps.yandex.ru'],
  connect: ['https://*.api-maps.yandex.ru', 'https://search-maps.yandex.ru'],
} as const;
