import { ImagePlus, X } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { MAX_RATING_PHOTOS } from '@chain/contract';
import { ACCEPTED_PHOTO_TYPES } from '@chain/domain';
import { buttonClassName } from '../../ui/button';
import { PhotoRefused, PHOTO_UNREADABLE_MESSAGE, preparePhoto } from './photo-resize';

/** The picker offers the types the domain accepts (SPEC 5: jpeg, png, gif), one list for both. */
const ACCEPT = ACCEPTED_PHOTO_TYPES.join(',');

interface PhotosState {
  readonly preparing: boolean;
  readonly error: string | null;
}

/** Up to MAX_RATING_PHOTOS photos of the order (SPEC 5), each made smaller before it is kept; a refused file says why. */
export function PhotoPicker({
  photos,
  onAdd,
  onRemove,
  onPreparing,
  disabled,
}: {
  photos: readonly string[];
  onAdd: (photos: string[]) => void;
  onRemove: (index: number) => void;
  /** Photos are being made smaller (true) or are ready (false): the form waits for them before sending. */
  onPreparing: (preparing: boolean) => void;
  /** Already sent with the order rating: shown, no longer changed. */
  disabled: boolean;
}) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [state, setState] = useState<PhotosState>({ preparing: false, error: null });
  // A removed photo takes its «Убрать» button with it: the focus goes to «Добавить фото».
  const fileInput = useRef<HTMLInputElement>(null);
  const focusAdd = useRef(false);
  useEffect(() => {
    if (!focusAdd.current) return;
    focusAdd.current = false;
    fileInput.current?.focus();
  }, [photos.length]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    input.value = '';
    if (files.length === 0) return;
    // The input is off while photos are being prepared, so the count cannot change meanwhile.
    const room = MAX_RATING_PHOTOS - photos.length;
    setState({ preparing: true, error: null });
    onPreparing(true);
    const ready: string[] = [];
    let error: string | null = files.length > room ? `Можно приложить не больше ${MAX_RATING_PHOTOS} фото.` : null;
    for (const file of files.slice(0, Math.max(room, 0))) {
      try {
        ready.push((await preparePhoto(file)).dataUrl);
      } catch (cause) {
        error = cause instanceof PhotoRefused ? cause.message : PHOTO_UNREADABLE_MESSAGE;
      }
    }
    onAdd(ready);
    setState({ preparing: false, error });
    onPreparing(false);
  };

  return (
    <div className="order-rating__photos">
      <span className="field__label">Фото</span>
      {photos.length > 0 ? (
        <ul className="rating-photos" aria-label="Выбранные фото">
          {photos.map((photo, index) => (
            <li key={`${index}-${photo.length}`} className="rating-photos__item">
              <img src={photo} alt={`Фото ${index + 1}`} className="rating-photos__image" />
              <button
                type="button"
                className="rating-photos__remove"
                aria-label={`Убрать фото ${index + 1}`}
                disabled={disabled}
                onClick={() => {
                  focusAdd.current = true;
                  onRemove(index);
                }}
              >
                <X aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {photos.length < MAX_RATING_PHOTOS && !disabled ? (
        <label className={buttonClassName({ variant: 'secondary', block: true }, 'order-rating__add-photo')}>
          <input
            ref={fileInput}
            id={inputId}
            type="file"
            accept={ACCEPT}
            multiple
            className="visually-hidden"
            aria-describedby={hintId}
            disabled={state.preparing}
            onChange={(event) => void choose(event)}
          />
          <span className="button__icon">
            <ImagePlus aria-hidden="true" />
          </span>
          <span className="button__label">{state.preparing ? 'Уменьшаем фото…' : 'Добавить фото'}</span>
        </label>
      ) : null}
      <p id={hintId} className="field__hint">
        JPEG, PNG или GIF, до {MAX_RATING_PHOTOS} фото. Большие фото уменьшаются перед отправкой.
      </p>
      <p className="visually-hidden" role="status">
        {state.preparing ? 'Уменьшаем фото…' : ''}
      </p>
      {state.error ? (
        <p className="field__error" role="alert">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}
