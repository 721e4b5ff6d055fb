import type { ReactNode } from 'react';
import { TopBar, type TopBarProps } from './top-bar';
import './screen.css';

export interface ScreenProps extends TopBarProps {
  children: ReactNode;
  /** The screen's main actions: at one hand's reach on phones, in the lower two thirds on kiosks. */
  actions?: ReactNode;
  /** Something on the screen is loading (its skeletons are showing). */
  busy?: boolean;
}

export function Screen({ children, actions, busy, ...topBar }: ScreenProps) {
  return (
    <div className="screen">
      <TopBar {...topBar} />
      <main className="screen__main" aria-busy={busy || undefined}>
        {children}
      </main>
      {actions ? <div className="screen__actions">{actions}</div> : null}
    </div>
  );
}
