/** A yes/no field as the wire sends it: '1'/'0' strings, 1/0 numbers or booleans (SPEC 3). */
export type Flag = boolean | 0 | 1 | '0' | '1';

/** Whether a wire flag means yes: '1', 1 or true (SPEC 3: deliveryCourier "1" means yes). */
export function isOn(flag: Flag | null | undefined): boolean {
  return flag === true || flag === 1 || flag === '1';
}
