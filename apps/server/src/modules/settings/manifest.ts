import type { Settings } from '@chain/contract';

/** The app's own icons (apps/web/public/icons): PNGs at the sizes browsers ask to install an app. */
const APP_ICONS = [
  { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  { src: '/icons/icon-maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

const DEFAULT_THEME = '#2e2e34';
const SHORT_NAME_LENGTH = 12;

/**
 * The web app manifest from the chain's settings (issue 18, docs/design.md: nothing of the chain's
 * identity in code): its name, its colour as the theme, its logo (an SVG) first among the icons,
 * then the app's own PNGs, which browsers need to install the app.
 */
export function webManifest(settings: Pick<Settings, 'app_name' | 'brand_color' | 'logo'>): Record<string, unknown> {
  const name = settings.app_name.trim() || 'Заказ еды';
  const theme = /^#[0-9a-f]{6}$/i.test(settings.brand_color.trim()) ? settings.brand_color.trim() : DEFAULT_THEME;
  const logo = settings.logo.trim();
  const logoIcon = /^\/[^\s]*\.svg$/i.test(logo)
    ? [{ src: logo, sizes: 'any', type: 'image/svg+xml', purpose: 'any' }]
    : [];
  return {
    name,
    short_name: name.length <= SHORT_NAME_LENGTH ? name : `${name.slice(0, SHORT_NAME_LENGTH - 1)}…`,
    description: 'Заказ еды в ресторане, с собой и с доставкой.',
    lang: 'ru',
    dir: 'ltr',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: theme,
    categories: ['food', 'shopping'],
    icons: [...logoIcon, ...APP_ICONS],
  };
}
