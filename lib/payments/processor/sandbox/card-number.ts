/** Card numbers as typed: spaces (and dashes) are allowed between groups of digits. */
export function cardDigits(number: string): string | null {
  const digits = number.replace(/[\s-]+/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/** The Luhn checksum every real card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** True when the card's last valid month (month/year, a two-digit year meaning 20xx) is before `today`'s month. */
export function isExpired(expiryMonth: number, expiryYear: number, today: Date): boolean {
  const year = expiryYear < 100 ? 2000 + expiryYear : expiryYear;
  return year * 12 + expiryMonth < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
}

export function isValidExpiry(expiryMonth: number, expiryYear: number): boolean {
  return (
    Number.isInteger(expiryMonth) &&
    expiryMonth >= 1 &&
    expiryMonth <= 12 &&
    Number.isInteger(expiryYear) &&
    expiryYear >= 0
  );
}
