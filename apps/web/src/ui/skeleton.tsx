import type { CSSProperties } from 'react';
import { classNames } from './class-names';
import './skeleton.css';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  shape?: 'block' | 'text' | 'circle';
  className?: string;
}

/** A placeholder in the shape of what loads (docs/design.md: skeletons, not spinners). */
export function Skeleton({ width, height, shape = 'block', className }: SkeletonProps) {
  return (
    <span
      className={classNames('skeleton', `skeleton--${shape}`, className)}
      style={{ width, height }}
      aria-hidden="true"
    />
  );
}
