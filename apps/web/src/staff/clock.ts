/** «14:05»: a moment as the staff read it on this device's clock. */
export function clockText(iso: string): string {
  return new Date(iso).toLocaleTimeString('ru-RU', { hour: '2-digit', minute: '2-digit' });
}
