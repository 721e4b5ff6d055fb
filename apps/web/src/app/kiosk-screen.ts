import { matchAppRoute } from '@chain/contract';

/**
 * Which of kioskIdleTimes' screens a path is in kiosk mode, or null for the two pages a kiosk
 * guest never stands at: the Kiosk start page is staff's (turning kiosk mode on or off), and a
 * follow link is opened on a guest's own phone. Neither idles nor offers accessibility mode.
 */
export function kioskScreen(path: string): 'home' | 'payment' | 'other' | null {
  const route: string | undefined = matchAppRoute(path);
  if (route === 'orderType') return 'home';
  if (route === 'payment') return 'payment';
  if (route === 'kiosk' || route === 'follow') return null;
  return 'other';
}
