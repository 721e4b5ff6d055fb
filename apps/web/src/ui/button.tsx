import type { ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { Link } from 'wouter';
import { classNames } from './class-names';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

interface ButtonLookProps {
  variant?: ButtonVariant | undefined;
  /** Stretch to the width of the container (the one-hand actions at the bottom of a screen). */
  block?: boolean | undefined;
  /** An icon before the label; it is decorative, the label names the button. */
  icon?: ReactNode;
}

export function buttonClassName({ variant = 'primary', block = false }: ButtonLookProps, extra?: string): string {
  return classNames('button', `button--${variant}`, block && 'button--block', extra);
}

export interface ButtonProps extends ButtonLookProps, ButtonHTMLAttributes<HTMLButtonElement> {
  /** A request is running: the button stays focusable, ignores taps and says it is busy. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant,
  block,
  icon,
  busy = false,
  className,
  children,
  onClick,
  type = 'button',
  ...rest
}: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      {...rest}
      type={type}
      className={buttonClassName({ variant, block }, classNames(busy && 'button--busy', className))}
      aria-busy={busy || undefined}
      aria-disabled={busy || rest['aria-disabled'] || undefined}
      onClick={handleClick}
    >
      {icon ? <span className="button__icon">{icon}</span> : null}
      <span className="button__label">{children}</span>
      {busy ? (
        <span className="button__busy" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
      ) : null}
    </button>
  );
}

export interface LinkButtonProps extends ButtonLookProps {
  href: string;
  children: ReactNode;
  className?: string;
  onClick?: () => void;
}

/** A navigation that looks like a button (it is a link: it goes somewhere). */
export function LinkButton({ href, children, variant, block, icon, className, onClick }: LinkButtonProps) {
  return (
    <Link href={href} className={buttonClassName({ variant, block }, className)} onClick={onClick}>
      {icon ? <span className="button__icon">{icon}</span> : null}
      <span className="button__label">{children}</span>
    </Link>
  );
}

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The Russian name screen readers announce; an icon never stands alone (docs/design.md). */
  label: string;
  icon: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function IconButton({ label, icon, className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button {...rest} type={type} className={classNames('icon-button', className)} aria-label={label} title={label}>
      {icon}
    </button>
  );
}
