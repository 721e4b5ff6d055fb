import { useKioskState } from '../state/store';
import { type PhotoSlot, photoSources } from '@chain/domain';
import './menu-photo.css';

export interface MenuPhotoProps {
  /** The picture as the menu names it: under /media/ it gets renditions, any other URL is shown as it is. */
  src: string;
  alt: string;
  className?: string;
  /** The box's shape before the picture arrives, so nothing moves when it does. */
  width: number;
  height: number;
  /** How wide the place shows it, for `sizes` (photo-sizes.ts). */
  slot: PhotoSlot;
  /** Eager for what the first screen shows (the largest of it is the LCP), lazy below the fold. */
  loading: 'eager' | 'lazy';
  fetchPriority?: 'high' | 'low' | 'auto';
}

/**
 * A menu photo (issue 18, decision 034): for a picture under /media/, a <picture> offering its
 * AVIF and then WebP renditions at every width of PHOTO_WIDTHS, `sizes` saying how wide this
 * place draws it, and the original as the <img> a browser without either shows; for a picture
 * elsewhere (a chain's CDN), the <img> alone.
 */
export function MenuPhoto({ src, alt, className, width, height, slot, loading, fetchPriority }: MenuPhotoProps) {
  const kiosk = useKioskState((state) => state.kiosk);
  const accessible = useKioskState((state) => state.kioskAccessible);
  const image = (
    <img
      className={className}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      fetchPriority={fetchPriority}
    />
  );
  const sources = photoSources(src, slot, { kiosk, accessible });
  if (sources === null) return image;
  return (
    <picture className="menu-photo">
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      {image}
    </picture>
  );
}
