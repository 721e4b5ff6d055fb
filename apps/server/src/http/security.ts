import type { Config } from '../config';

/**
 * The Content-Security-Policy: the product's own origin, plus the maps hosts (script, tiles,
 * geocoder calls) and the tips hosts (the tips page may be framed) named in configuration.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const maps = config.cspHosts.maps;
  const tips = config.cspHosts.tips;
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", ...maps],
    // Map widgets set inline styles; scripts stay strict.
    'style-src': ["'self'", "'unsafe-inline'", ...maps],
    'img-src': ["'self'", 'data:', 'blob:', ...maps],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...maps],
    'frame-src': ["'self'", ...maps, ...tips],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
  };
}
