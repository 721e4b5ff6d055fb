import { type KeyboardEvent, type MouseEvent, type ReactNode, useLayoutEffect, useRef } from 'react';
import { classNames } from './class-names';
import { focusableIn, wrapFocusIndex } from './focus';
import './modal.css';

export interface ModalProps {
  open: boolean;
  /** Called on Escape, on a tap on the scrim (if allowed) and when the browser closes the dialog. */
  onClose: () => void;
  /** 'dialog' for centred alerts, 'drawer' for the side menu, 'sheet' for bottom sheets. */
  placement: 'dialog' | 'drawer' | 'sheet';
  role?: 'dialog' | 'alertdialog';
  labelledBy?: string;
  label?: string;
  describedBy?: string;
  closeOnScrim?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * The one modal surface: a native <dialog> opened with showModal(), so the rest of the page is
 * inert and the surface sits in the top layer. On top of that: Tab wraps inside, focus goes to
 * the element marked `data-autofocus` (or the first focusable one) and comes back to where it
 * was when the surface closes, and Escape calls onClose so React state stays the source of truth.
 */
export function Modal({
  open,
  onClose,
  placement,
  role = 'dialog',
  labelledBy,
  label,
  describedBy,
  closeOnScrim = true,
  className,
  children,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const initial = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(dialog)[0] ?? dialog;
    initial.focus({ preventScroll: true });
    return () => {
      if (dialog.open) dialog.close();
      if (returnTo?.isConnected) returnTo.focus({ preventScroll: true });
    };
  }, [open]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = focusableIn(ref.current);
    const current = focusable.indexOf(document.activeElement as HTMLElement);
    const next = wrapFocusIndex(current, focusable.length, event.shiftKey);
    if (next === null) return;
    event.preventDefault();
    focusable[next]?.focus();
  };

  const handleClick = (event: MouseEvent<HTMLDialogElement>) => {
    // The dialog element itself is only hit outside its content box, i.e. on the scrim.
    if (closeOnScrim && event.target === event.currentTarget) onClose();
  };

  return (
    <dialog
      ref={ref}
      className={classNames('modal', `modal--${placement}`, className)}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      aria-describedby={describedBy}
      onKeyDown={handleKeyDown}
      onClick={handleClick}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        // The browser may close a dialog by itself (a repeated Escape); tell the owner.
        if (open) onClose();
      }}
    >
      {open ? <div className="modal__content">{children}</div> : null}
    </dialog>
  );
}
