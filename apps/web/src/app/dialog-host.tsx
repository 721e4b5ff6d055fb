import { appStore, useAppState } from '../state/store';
import { DialogView } from '../ui/dialog';

/** The one place SPEC 8's dialogs appear: the first of the queued dialogItems (SPEC 3). */
export function DialogHost() {
  const dialog = useAppState((state) => state.dialogItems[0]);
  if (!dialog) return null;
  const { id, title, message, items } = dialog;
  return (
    <DialogView
      key={id}
      title={title}
      message={message}
      items={items}
      onResolve={(choice) => {
        const index = choice && items ? items.indexOf(choice) : -1;
        appStore.getState().resolveDialog(id, index >= 0 ? index : null);
      }}
    />
  );
}
