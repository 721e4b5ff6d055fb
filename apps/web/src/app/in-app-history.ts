/*
 * Whether the guest has moved inside the app yet. The top bar's back button goes one step back
 * (SPEC 2), but a guest who opened a link straight to a screen has no step back inside the app:
 * they go home instead of leaving. A moved guest's new screen also takes focus on its title.
 */
let moved = false;

export function trackInAppNavigation(): () => void {
  const onMove = () => {
    moved = true;
  };
  window.addEventListener('pushState', onMove);
  window.addEventListener('popstate', onMove);
  return () => {
    window.removeEventListener('pushState', onMove);
    window.removeEventListener('popstate', onMove);
  };
}

export function goBack(): void {
  if (moved && window.history.length > 1) window.history.back();
  else window.history.pushState(null, '', '/');
}

export function shouldFocusTitle(): boolean {
  return moved;
}
