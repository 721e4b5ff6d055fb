import type { Config } from '../config';

/**
 * The Content-Security-Policy: the product's own origin, plus the hosts named in configuration:
 * the maps API's exact script origins (script, style and frame: never a wildcard, issue 11.12),
 * the maps' tile, picture and data hosts (images and calls only), and the tips hosts (the tips
 * page may be framed).
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const { mapsScripts, maps, tips } = config.cspHosts;
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", ...mapsScripts],
    // Map widgets set inline styles; scripts stay strict.
    'style-src': ["'self'", "'unsafe-inline'", ...mapsScripts],
    'img-src': ["'self'", 'data:', 'blob:', ...maps],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...maps],
    'frame-src': ["'self'", ...mapsScripts, ...tips],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
  };
}
