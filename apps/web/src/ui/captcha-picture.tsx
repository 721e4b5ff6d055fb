import { useState } from 'react';

/**
 * A captcha's picture (216 × 72, the server's PNG), or «Картинка не загрузилась» in its place when
 * it cannot be loaded: the guests' sign-in and the staff's (issue 30.3) show it alike. A new `src`
 * (another picture) is tried afresh.
 */
export function CaptchaPicture({
  src,
  imageClassName,
  failedClassName,
}: {
  src: string;
  imageClassName?: string;
  failedClassName?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return failedSrc === src ? (
    <p className={failedClassName}>Картинка не загрузилась</p>
  ) : (
    <img
      key={src}
      className={imageClassName}
      src={src}
      alt="Картинка с кодом из цифр"
      width={216}
      height={72}
      onError={() => setFailedSrc(src)}
    />
  );
}
