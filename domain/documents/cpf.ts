/** CPF: 11 digits, two mod-11 check digits (Receita Federal's algorithm). */
export function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

/** Receita Federal publishes partners' CPFs masked as `***456789**` (digits 4 to 9 kept). */
export function maskCpf(digits: string): string {
  return `***${digits.slice(3, 9)}**`;
}

export function isMaskedCpf(value: string): boolean {
  return /^\*{3}\d{6}\*{2}$/.test(value);
}

/** Appends the two check digits to a 9-digit base (used by the dataset generator). */
export function completeCpf(base9: string): string {
  let digits = base9;
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    digits += String(rest === 10 ? 0 : rest);
  }
  return digits;
}

/** `52998224725` → `529.982.247-25`, as most public lists print CPFs. */
export function formatCpf(digits: string): string {
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
}
