/** A refusal or failure in the server's words, read out as it appears; nothing without one. */
export function StaffError({ text }: { text: string | null }) {
  return text ? (
    <p className="staff-error" role="alert">
      {text}
    </p>
  ) : null;
}

/** A screen's data that failed to load, with «Повторить». */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="staff-error" role="alert">
      {text}{' '}
      <button type="button" className="staff-button staff-button--secondary" onClick={onRetry}>
        Повторить
      </button>
    </div>
  );
}

/** What a screen shows before its data: the failure with «Повторить», or that it is loading. */
export function NotLoaded({ error, loading, onRetry }: { error: string | null; loading: string; onRetry: () => void }) {
  return error ? <LoadFailed text={error} onRetry={onRetry} /> : <p className="staff-empty">{loading}</p>;
}
