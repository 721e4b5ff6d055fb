import { cssColour } from '@chain/domain';
import { classNames } from '../../ui/class-names';
import { statusTextColour } from '../../ui/colour';

/**
 * A load percent as a bar in the server's colour and its text (SPEC 3 zagruzkaPerc, zagruzkaText,
 * zagruzkaColor). The bar takes the '#AARRGGBB' colour through the SPEC 9 rule (cssColour); the
 * text is the same colour made opaque and dark enough to read on white (docs/design.md contrast).
 */
export function LoadMeter({
  percent,
  text,
  colour,
  compact = false,
}: {
  percent: number;
  text: string;
  colour: string;
  compact?: boolean;
}) {
  const textColour = statusTextColour(colour);
  const bounded = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <span className={classNames('load-meter', compact && 'load-meter--compact')}>
      <span className="load-meter__label" style={textColour ? { color: textColour } : undefined}>
        <span className="load-meter__percent">{bounded}%</span>
        <span className="load-meter__text">{text}</span>
      </span>
      <span
        className="load-meter__track"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={bounded}
        aria-valuetext={`${bounded}%, ${text}`}
        aria-label="Загрузка кухни"
      >
        <span className="load-meter__fill" style={{ width: `${bounded}%`, background: cssColour(colour) }} />
      </span>
    </span>
  );
}
