import { UPDATE_AVAILABLE_MESSAGE, UPDATE_BUTTON } from '@chain/domain';
import { useUpdate } from './service-worker';
import './update-prompt.css';

/** «Доступна новая версия» with «Обновить» while a new version waits (issue 18). */
export function UpdatePrompt() {
  const update = useUpdate();
  if (!update) return null;
  return (
    <div className="update-prompt" role="status">
      <span>{UPDATE_AVAILABLE_MESSAGE}</span>
      <button type="button" className="update-prompt__button" onClick={update}>
        {UPDATE_BUTTON}
      </button>
    </div>
  );
}
