import { type ReactNode, useEffect, useRef } from 'react';
import { ArrowLeft, Menu, UtensilsCrossed } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { IconButton } from './button';
import { useHoldGesture } from './hold-gesture';
import { useShell } from './shell-context';
import { Skeleton } from './skeleton';
import './top-bar.css';

export interface TopBarProps {
  /** The screen's Russian title (SPEC 2); it is the page's only h1. */
  title?: string | undefined;
  /** Show the menu button that opens the side drawer. */
  menu?: boolean | undefined;
  /** Show a back button: to this path, or (true) one step back. */
  back?: string | true | undefined;
  /** An optional right-hand button. */
  right?: ReactNode;
}

/** SPEC 2 Top bar: menu button, back button, logo going home, title, right-hand button. */
export function TopBar({ title, menu = false, back, right }: TopBarProps) {
  const shell = useShell();
  const [, navigate] = useLocation();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { brand, brandLoading } = shell;

  const { shouldFocusTitle } = shell;
  useEffect(() => {
    // After an in-app navigation the new screen's title takes focus, so screen readers and
    // keyboards start at the top of what changed (the function is stable: once per screen).
    if (shouldFocusTitle()) titleRef.current?.focus({ preventScroll: true });
  }, [shouldFocusTitle]);

  useEffect(() => {
    const parts = [title, brand?.name].filter(Boolean);
    if (parts.length > 0) document.title = parts.join(' — ');
  }, [title, brand?.name]);

  const homeLabel = brand ? `${brand.name}, на главную` : 'На главную';
  // Kiosk mode: staff hold the logo to leave (issue 14); a guest's tap still goes home.
  const hold = useHoldGesture(shell.onLogoHold?.ms ?? 0, shell.onLogoHold?.hold ?? null);

  return (
    <header className="top-bar">
      <div className="top-bar__inner">
        {menu ? (
          <IconButton
            label="Открыть меню"
            icon={<Menu />}
            aria-haspopup="dialog"
            aria-expanded={shell.drawerOpen}
            onClick={shell.openDrawer}
          />
        ) : null}
        {back ? (
          <IconButton
            label="Назад"
            icon={<ArrowLeft />}
            onClick={() => (back === true ? shell.goBack() : navigate(back))}
          />
        ) : null}
        <Link href="/" className="top-bar__home" aria-label={homeLabel} {...hold}>
          <BrandLogo />
          {!title ? (
            brandLoading ? (
              <Skeleton shape="text" width="7rem" />
            ) : brand ? (
              <span className="top-bar__app-name">{brand.name}</span>
            ) : null
          ) : null}
        </Link>
        {title ? (
          <h1 ref={titleRef} className="top-bar__title" tabIndex={-1}>
            {title}
          </h1>
        ) : null}
        {right ? <div className="top-bar__right">{right}</div> : <span className="top-bar__spacer" />}
      </div>
    </header>
  );
}

/** The chain's logo from the settings (a skeleton while they load, a neutral mark without one); decorative: its link or heading names it. */
export function BrandLogo() {
  const { brand, brandLoading } = useShell();
  if (brandLoading) return <Skeleton shape="circle" width="2rem" height="2rem" />;
  if (brand?.logo)
    return <img className="top-bar__logo" src={brand.logo} alt="" width={32} height={32} decoding="async" />;
  return (
    <span className="top-bar__logo top-bar__logo--fallback">
      <UtensilsCrossed aria-hidden="true" />
    </span>
  );
}
