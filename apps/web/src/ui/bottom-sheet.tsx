import { type ReactNode, useId } from 'react';
import { X } from 'lucide-react';
import { IconButton } from './button';
import { Modal } from './modal';
import './bottom-sheet.css';

export interface BottomSheetProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Sticky actions at the bottom of the sheet (Apply, Add to cart). */
  footer?: ReactNode;
}

/** Choices on phones (options, pickup time, bank list) rise from the bottom (docs/design.md Patterns). */
export function BottomSheet({ open, onClose, title, children, footer }: BottomSheetProps) {
  const titleId = useId();
  return (
    <Modal open={open} onClose={onClose} placement="sheet" labelledBy={titleId}>
      <div className="bottom-sheet">
        <div className="bottom-sheet__handle" aria-hidden="true" />
        <div className="bottom-sheet__header">
          <h2 id={titleId} className="bottom-sheet__title">
            {title}
          </h2>
          <IconButton label="Закрыть" icon={<X />} onClick={onClose} />
        </div>
        <div className="bottom-sheet__body">{children}</div>
        {footer ? <div className="bottom-sheet__footer">{footer}</div> : null}
      </div>
    </Modal>
  );
}
