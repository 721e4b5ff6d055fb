import { lazy, Suspense } from 'react';
import { chromeStore, useChromeState } from '../state/store';

// The dialog's view is loaded with the first dialog, not with the app: most visits show none, and
// the entry route's JavaScript has a budget (issue 18). The service worker keeps it in its shell,
// so a dialog still opens offline.
const DialogView = lazy(() => import('../ui/dialog').then((module) => ({ default: module.DialogView })));

/** The one place SPEC 8's dialogs appear: the first of the queued dialogItems (SPEC 3). */
export function DialogHost() {
  const dialog = useChromeState((state) => state.dialogItems[0]);
  if (!dialog) return null;
  const { id, title, message, items } = dialog;
  return (
    <Suspense fallback={null}>
      <DialogView
        key={id}
        title={title}
        message={message}
        items={items}
        onResolve={(choice) => {
          const index = choice && items ? items.indexOf(choice) : -1;
          chromeStore.getState().resolveDialog(id, index >= 0 ? index : null);
        }}
      />
    </Suspense>
  );
}
