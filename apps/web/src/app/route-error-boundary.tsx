import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CloudOff } from 'lucide-react';
import { ERROR_TITLE, LOAD_FAILED_MESSAGE } from '@chain/domain';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { Screen } from '../ui/screen';

interface Props {
  /** Changes with the location, so moving elsewhere clears the error. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failedAt: string | null;
}

/**
 * A screen that fails to load (its chunk timed out after SPEC 9's 120 s, the network dropped,
 * or a new release replaced the chunk) or throws while rendering shows SPEC 8's
 * 'Ошибка загрузки данных' with a way to try again, instead of a blank page.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failedAt: null };

  static getDerivedStateFromError(): Partial<State> {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.failedAt === '') return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Screen failed', error, info.componentStack);
  }

  override render() {
    if (this.state.failedAt === null) return this.props.children;
    return (
      <Screen title={ERROR_TITLE} back>
        <EmptyState
          icon={<CloudOff />}
          title={LOAD_FAILED_MESSAGE}
          text="Проверьте подключение к интернету и попробуйте ещё раз."
          action={
            <Button block onClick={() => window.location.reload()}>
              Обновить
            </Button>
          }
        />
      </Screen>
    );
  }
}
