import { en, type MessageKey } from './strings-en';
import { pt } from './strings-pt';
import type { Language } from '../logic/format';

/**
 * The console's words in English and Portuguese. API data (names, reasons, explanation text)
 * is shown as the API gives it; only the console's own strings are translated.
 */
export const catalogs: Record<Language, Record<MessageKey, string>> = { en, pt };

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

export function translator(language: Language): Translate {
  const catalog = catalogs[language];
  return (key, vars) => {
    const text = catalog[key] ?? en[key] ?? key;
    return vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : text;
  };
}

/** The language of a first visit: Portuguese for a pt-* browser, English otherwise. */
export function pickLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  if (stored === 'en' || stored === 'pt') return stored;
  return browserLanguages.some((l) => l.toLowerCase().startsWith('pt')) ? 'pt' : 'en';
}
