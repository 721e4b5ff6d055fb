import { RefreshCw } from 'lucide-react';
import { Button } from './button';
import './load-error.css';

/** What a screen shows when its data could not be loaded: what failed, why, and «Повторить». */
export function LoadError({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <div className="load-error" role="alert">
      <p className="load-error__title">{title}</p>
      <p className="load-error__text">{message}</p>
      <Button variant="secondary" icon={<RefreshCw />} onClick={onRetry}>
        Повторить
      </Button>
    </div>
  );
}
