/**
 * The bank apps the payment screen offers for SBP ('Выберите свой банк', SPEC 2), in NSPK's
 * terms: a participant id (the `bank{memberId}://` scheme of its app) and a name. The names
 * and logos are neutral placeholders (coloured tiles with initials, /media/banks/), not real
 * banks' trademarks; a production list takes the chain's chosen banks from NSPK's
 * c2bmembers.json with logos the chain may show. An empty list means "no list": the guest gets
 * the default bank link only (decision 011).
 */
export interface SbpBankApp {
  /** NSPK participant id: the app opens `bank{memberId}://qr.nspk.ru/{qrId}…`. */
  memberId: string;
  name: string;
  /** Logo URL served by this server. */
  logo: string;
}

export const SBP_BANK_APPS: readonly SbpBankApp[] = [
  { memberId: '100000009001', name: 'Северный банк', logo: '/media/banks/severny.svg' },
  { memberId: '100000009002', name: 'Волна Банк', logo: '/media/banks/volna.svg' },
  { memberId: '100000009003', name: 'Банк Заря', logo: '/media/banks/zarya.svg' },
  { memberId: '100000009004', name: 'Гранит Банк', logo: '/media/banks/granit.svg' },
  { memberId: '100000009005', name: 'Калина Банк', logo: '/media/banks/kalina.svg' },
  { memberId: '100000009006', name: 'Банк Прибой', logo: '/media/banks/priboy.svg' },
];

export function sbpBankApp(memberId: string): SbpBankApp | undefined {
  return SBP_BANK_APPS.find((bank) => bank.memberId === memberId);
}
