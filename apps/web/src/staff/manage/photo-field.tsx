import { useId, useState } from 'react';
import { STAFF_PHOTO_ACCEPT } from '@chain/contract';
import { failureText } from '../api';
import { photoFileProblem, photoStateText, type PhotoUploadState, readAsDataUrl } from './photo-upload';

// The back office's photo field (issue 31): a dish's and a restaurant's photo are picked, sent and
// previewed here alike. Picking a file uploads it at once (the server keeps its own copy and
// answers its path); the form holds that path and its save — versioned, audited — sets it.

export interface PhotoFieldProps {
  /** The file input's label, e.g. «Фото блюда». */
  label: string;
  /** The picture the form holds: '' for none, else its path. */
  value: string;
  /** The preview's alt text. */
  alt: string;
  /** The area's upload call: the picked file as a data URL in, where the server keeps it out. */
  upload: (dataUrl: string) => Promise<{ img: string }>;
  /** A new path, or '' when «Убрать фото» is pressed. */
  onChange: (img: string) => void;
}

export function PhotoField({ label, value, alt, upload, onChange }: PhotoFieldProps) {
  const id = useId();
  const [state, setState] = useState<PhotoUploadState>({ kind: 'idle' });

  const send = async (file: File | undefined) => {
    if (!file) return;
    const problem = photoFileProblem(file);
    if (problem !== null) {
      setState({ kind: 'refused', message: problem });
      return;
    }
    setState({ kind: 'uploading' });
    try {
      const answer = await upload(await readAsDataUrl(file));
      onChange(answer.img);
      setState({ kind: 'uploaded' });
    } catch (failure) {
      setState({ kind: 'refused', message: failureText(failure) });
    }
  };

  return (
    <div className="staff-photo">
      {value ? (
        <img className="staff-photo__preview" src={value} alt={alt} width={160} height={120} />
      ) : (
        <span className="staff-photo__preview staff-photo__none">Нет фото</span>
      )}
      <div className="staff-field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="file"
          accept={STAFF_PHOTO_ACCEPT}
          aria-describedby={`${id}-state`}
          onChange={(event) => {
            const input = event.currentTarget;
            void send(input.files?.[0]).finally(() => {
              // The same file picked again is a new upload.
              input.value = '';
            });
          }}
        />
        <span
          id={`${id}-state`}
          role="status"
          className={state.kind === 'refused' ? 'staff-field__error' : 'staff-field__hint'}
        >
          {photoStateText(state)}
        </span>
        {value ? (
          <button
            type="button"
            className="staff-button staff-button--secondary staff-photo__remove"
            onClick={() => {
              onChange('');
              setState({ kind: 'idle' });
            }}
          >
            Убрать фото
          </button>
        ) : null}
      </div>
    </div>
  );
}
