-- Issue 14 (decision 023): the staff code that lets a restaurant's kiosks leave kiosk mode,
-- kept hashed: `scrypt$N$r$p$salt$hash` (modules/kiosk/codes.ts; salt and hash base64url, a salt
-- of its own per row). Null: no code set, and POST kiosk/exit opens nothing for the restaurant.
-- Set by `npm run kiosk-code -w @chain/server -- <restaurant id> <code>` (docs/sandbox.md).
alter table restaurants add column kiosk_code_hash text
  check (kiosk_code_hash is null or kiosk_code_hash like 'scrypt$%');
