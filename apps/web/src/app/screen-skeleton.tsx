import { Skeleton } from '../ui/skeleton';
import '../ui/screen.css';
import '../ui/top-bar.css';

/** What shows while a screen's code loads: the top bar and a few blocks, nothing that spins. */
export function ScreenSkeleton() {
  return (
    <div className="screen" aria-busy="true">
      <div className="top-bar">
        <div className="top-bar__inner">
          <Skeleton shape="circle" width="2.75rem" height="2.75rem" />
          <Skeleton shape="text" width="9rem" />
        </div>
      </div>
      <div className="screen__main">
        <span className="visually-hidden" role="status">
          Загрузка…
        </span>
        <div style={{ display: 'grid', gap: 'var(--space-3)' }}>
          <Skeleton height="1.75rem" width="60%" />
          <Skeleton height="4.5rem" />
          <Skeleton height="4.5rem" />
          <Skeleton height="4.5rem" />
        </div>
      </div>
    </div>
  );
}
