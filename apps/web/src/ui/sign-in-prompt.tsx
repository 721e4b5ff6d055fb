import { APP_ROUTES } from '@chain/contract';
import { ClipboardList, MapPin, Star, UserRound, Utensils } from 'lucide-react';
import type { ReactNode } from 'react';
import { LinkButton } from './button';
import { EmptyState } from './empty-state';

/** The signed-in guest's own things a screen shows. */
export type SignInTopic = 'orders' | 'ratings' | 'addresses' | 'profile' | 'booking';

const PROMPTS: Readonly<Record<SignInTopic, { icon: ReactNode; title: string; text: string }>> = {
  orders: {
    icon: <ClipboardList />,
    title: 'Заказы доступны после входа',
    text: 'Войдите, чтобы видеть свои заказы и их статусы.',
  },
  ratings: {
    icon: <Star />,
    title: 'Оценки доступны после входа',
    text: 'Войдите, чтобы оценивать заказы и видеть свои оценки.',
  },
  addresses: {
    icon: <MapPin />,
    title: 'Адреса доступны после входа',
    text: 'Войдите, чтобы сохранять адреса доставки.',
  },
  profile: {
    icon: <UserRound />,
    title: 'Профиль доступен после входа',
    text: 'Войдите, чтобы изменить имя, телефон, e-mail и адрес.',
  },
  booking: {
    icon: <Utensils />,
    title: 'Бронь доступна после входа',
    text: 'Войдите, чтобы забронировать стол и следить за бронью.',
  },
};

/**
 * What a kiosk or a signed-out guest sees where a signed-in guest's own things would be: what
 * is kept for them, and the way to sign in. One empty state for every such screen.
 */
export function SignInPrompt({ topic }: { topic: SignInTopic }) {
  const { icon, title, text } = PROMPTS[topic];
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
