import { useId } from 'react';
import { Button, type ButtonVariant } from './button';
import { Modal } from './modal';
import './dialog.css';

export interface DialogChoiceView {
  readonly label: string;
  readonly variant?: ButtonVariant;
}

export interface DialogViewProps<T extends DialogChoiceView> {
  title?: string | undefined;
  message?: string | undefined;
  /** Without items: an alert with one OK. With items: one button per item. */
  items?: readonly T[] | undefined;
  /** The chosen item; null when the dialog is dismissed (Escape) or an alert is acknowledged. */
  onResolve: (choice: T | null) => void;
}

/**
 * The dialog of SPEC 8's helper: title and message on separate lines, then OK, or the choice
 * items. Rendered by the single host; features call `showDialog` instead of using this.
 */
export function DialogView<T extends DialogChoiceView>({ title, message, items, onResolve }: DialogViewProps<T>) {
  const titleId = useId();
  const messageId = useId();
  const hasTitle = Boolean(title);
  const hasMessage = Boolean(message);
  return (
    <Modal
      open
      placement="dialog"
      role="alertdialog"
      labelledBy={hasTitle ? titleId : hasMessage ? messageId : undefined}
      label={hasTitle || hasMessage ? undefined : 'Сообщение'}
      describedBy={hasTitle && hasMessage ? messageId : undefined}
      closeOnScrim={false}
      onClose={() => onResolve(null)}
    >
      <div className="dialog">
        {hasTitle ? (
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
        ) : null}
        {hasMessage ? (
          <p id={messageId} className="dialog__message">
            {message}
          </p>
        ) : null}
        <div className="dialog__actions">
          {items && items.length > 0 ? (
            items.map((item, index) => (
              <Button
                key={`${index}-${item.label}`}
                variant={item.variant ?? (index === 0 ? 'primary' : 'secondary')}
                block
                data-autofocus={index === 0 ? '' : undefined}
                onClick={() => onResolve(item)}
              >
                {item.label}
              </Button>
            ))
          ) : (
            <Button variant="primary" block data-autofocus="" onClick={() => onResolve(null)}>
              OK
            </Button>
          )}
        </div>
      </div>
    </Modal>
  );
}
