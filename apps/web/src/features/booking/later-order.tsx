import { useState, type ReactNode } from 'react';
import { LOAD_FAILED_MESSAGE } from '@chain/domain';
import { type Query, useQuery } from '../../api/query-cache';
import { Button } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import { RadioCards } from '../../ui/radio-cards';
import { Screen } from '../../ui/screen';
import { Skeleton } from '../../ui/skeleton';
import './preorder.css';

/*
 * What the two screens of an order for later share (SPEC 2 Предзаказ and Отложенный заказ): the
 * answer that stays shown while the next loads, the screen with its «Выбрать блюда к …» button,
 * and the date and time choices.
 */

/** The query's answer for these arguments; the last one stays shown while the next (another restaurant or date) loads. */
export function useShownAnswer<A, T>(query: Query<A, T>, args: A) {
  const answer = useQuery(query, args);
  const [shown, setShown] = useState(answer.data);
  if (answer.status === 'ready' && answer.data !== shown) setShown(answer.data);
  return { answer, data: answer.status === 'ready' ? answer.data : shown };
}

export interface LaterOrderScreenProps<A, T> {
  title: string;
  answer: ReturnType<typeof useShownAnswer<A, T>>['answer'];
  data: T | null;
  onRetry: () => void;
  /** The chosen time's words, or null until a time is chosen (and the order may be chosen). */
  chosen: string | null;
  onChoose: () => void;
  /** The choices, drawn once there is an answer. */
  children: (data: T) => ReactNode;
}

/**
 * The screen of an order for later: the choices once the first answer came (a skeleton before,
 * the load error with a retry if it failed; a later failure shows under the choices), and the
 * button that opens the menu for the chosen time.
 */
export function LaterOrderScreen<A, T>({
  title,
  answer,
  data,
  onRetry,
  chosen,
  onChoose,
  children,
}: LaterOrderScreenProps<A, T>) {
  const failed =
    answer.status === 'error' ? (
      <LoadError title={LOAD_FAILED_MESSAGE} message={answer.error.message} onRetry={onRetry} />
    ) : null;
  return (
    <Screen
      title={title}
      back="/"
      busy={answer.status === 'loading'}
      actions={
        data ? (
          <Button block disabled={chosen === null || answer.status !== 'ready'} onClick={onChoose}>
            {chosen !== null ? `Выбрать блюда к ${chosen}` : 'Выберите ресторан и время'}
          </Button>
        ) : undefined
      }
    >
      {data ? (
        <>
          {children(data)}
          {failed}
        </>
      ) : (
        (failed ?? <PickerSkeleton />)
      )}
    </Screen>
  );
}

export function PickerSkeleton() {
  return (
    <div className="preorder__skeleton">
      <span className="visually-hidden" role="status">
        Загружаем рестораны…
      </span>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} height="3.5rem" />
      ))}
    </div>
  );
}

interface ChoiceProps {
  name: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  value: string | null;
  onChange: (value: string) => void;
}

/** The day of the order, one wide card a day. */
export function DateChoice({ name, options, value, onChange }: ChoiceProps) {
  return (
    <fieldset className="preorder__group">
      <legend className="preorder__legend">Дата</legend>
      <div className="preorder__dates">
        <RadioCards name={name} wide options={options} value={value} onChange={onChange} />
      </div>
    </fieldset>
  );
}

/** The time of the order, a grid of small cards. */
export function TimeChoice({ name, options, value, onChange }: ChoiceProps) {
  return (
    <fieldset className="preorder__group">
      <legend className="preorder__legend">Время</legend>
      <div className="preorder__times">
        <RadioCards name={name} optionClassName="preorder__time" options={options} value={value} onChange={onChange} />
      </div>
    </fieldset>
  );
}
