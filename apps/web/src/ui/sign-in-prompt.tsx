import { APP_ROUTES } from '@chain/contract';
import type { ReactNode } from 'react';
import { LinkButton } from './button';
import { EmptyState } from './empty-state';

export interface SignInPromptProps {
  icon: ReactNode;
  /** What is kept for a signed-in guest, e.g. «Заказы доступны после входа». */
  title: string;
  text: string;
}

/** What a kiosk or a signed-out guest sees where a signed-in guest's own things would be: the way to sign in. */
export function SignInPrompt({ icon, title, text }: SignInPromptProps) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      text={text}
      action={
        <LinkButton href={APP_ROUTES.auth} block>
          Войти
        </LinkButton>
      }
    />
  );
}
