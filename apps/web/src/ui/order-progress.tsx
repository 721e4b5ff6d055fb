import type { ReactNode } from 'react';
import { ChefHat, CircleCheck, CreditCard, ShoppingBag, Truck } from 'lucide-react';
import type { progressBarData } from '@chain/contract';
import type { OrderType } from '@chain/domain';
import type * as z from 'zod/mini';
import './order-progress.css';

/** The progress bar as the server sends it (the follow page, the order page and its live events). */
export type Progress = z.infer<typeof progressBarData>;
type StepIcon = Progress['steps'][number]['icon'];
type StepState = Progress['steps'][number]['state'];

const ICONS: Readonly<Record<StepIcon, ReactNode>> = {
  payment: <CreditCard />,
  kitchen: <ChefHat />,
  delivery: <Truck />,
  pickup: <ShoppingBag />,
  final: <CircleCheck />,
};

/** A step's name for screen readers and under its icon (docs/design.md: an icon never stands alone). */
export function stepName(icon: StepIcon, type: OrderType): string {
  switch (icon) {
    case 'payment':
      return 'Оплата';
    case 'kitchen':
      return 'Готовим';
    case 'delivery':
      return 'В пути';
    case 'pickup':
      return type === 'inrest' ? 'Подача' : 'Выдача';
    case 'final':
      return 'Готово';
  }
}

const STATE_NAMES: Readonly<Record<StepState, string>> = {
  done: 'пройдено',
  current: 'сейчас',
  pending: 'впереди',
};

/**
 * SPEC 4 progress bar (the follow page and the order page share it): the steps with their icons (payment, kitchen, delivery or pickup, final),
 * each named with its state, and the server's sentence for the current step under them. An order
 * that goes no further (cancelled) has no steps: its sentence alone.
 */
export function OrderProgress({ progress, type }: { progress: Progress; type: OrderType }) {
  return (
    <section className="order-progress" aria-label="Ход заказа">
      {progress.steps.length === 0 ? null : (
        <ol className="order-progress__steps">
          {progress.steps.map((step, index) => {
            const name = stepName(step.icon, type);
            return (
              <li
                // The steps are a fixed list from the server: their place is their identity.
                key={`${index}-${step.icon}`}
                className={`order-progress__step order-progress__step--${step.state}`}
                aria-current={step.state === 'current' ? 'step' : undefined}
              >
                <span className="order-progress__icon" aria-hidden="true">
                  {ICONS[step.icon]}
                </span>
                <span className="order-progress__name">
                  {name}
                  <span className="visually-hidden">: {STATE_NAMES[step.state]}</span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {progress.text ? <p className="order-progress__text">{progress.text}</p> : null}
    </section>
  );
}
