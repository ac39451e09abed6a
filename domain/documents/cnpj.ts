/**
 * CNPJ, numeric or alphanumeric (Receita Federal, from July 2026): 12 characters [0-9A-Z] and
 * two numeric check digits; each character is worth its ASCII code − 48, so digits keep their
 * old values and the numeric algorithm is the special case.
 */
const firstWeights = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const secondWeights = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

function checkDigit(chars: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (chars.charCodeAt(i) - 48) * weights[i];
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCnpj(value: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(value) || /^(\d)\1{13}$/.test(value)) return false;
  return checkDigit(value, firstWeights) === Number(value[12]) && checkDigit(value, secondWeights) === Number(value[13]);
}

/** Appends the two check digits to a 12-character base (used by the dataset generator). */
export function completeCnpj(base12: string): string {
  const first = checkDigit(base12, firstWeights);
  const second = checkDigit(`${base12}${first}`, secondWeights);
  return `${base12}${first}${second}`;
}

/** `11222333000181` → `11.222.333/0001-81` (alphanumeric CNPJs print the same way). */
export function formatCnpj(cnpj: string): string {
  return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
}
