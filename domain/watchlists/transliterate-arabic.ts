/**
 * Arabic script (with the Persian and Urdu letters a list may print) → a Latin consonant
 * spelling for name matching. Arabic names are written without short vowels, so the result is
 * compared by its consonant skeleton (name-variants.ts), never letter by letter: "محمد" → "mhmd"
 * agrees with the skeleton of "Muhammad", "Mohammed" and "Mohamed" alike. The table follows the
 * common English-language romanization (ح and ه both "h", خ "kh", ق "q", ع and ء silent), simple
 * enough that every list spelling of a name reduces to the same skeleton (docs/watchlists.md).
 */
const letters: Readonly<Record<string, string>> = {
  ا: 'a',
  أ: 'a',
  إ: 'i',
  آ: 'a',
  ٱ: 'a',
  ء: '',
  ؤ: 'u',
  ئ: 'i',
  ى: 'a',
  ة: 'a',
  ب: 'b',
  ت: 't',
  ث: 'th',
  ج: 'j',
  ح: 'h',
  خ: 'kh',
  د: 'd',
  ذ: 'dh',
  ر: 'r',
  ز: 'z',
  س: 's',
  ش: 'sh',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'z',
  ع: '',
  غ: 'gh',
  ف: 'f',
  ق: 'q',
  ك: 'k',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
  و: 'w',
  ي: 'y',
  // Persian and Urdu.
  پ: 'p',
  چ: 'ch',
  ژ: 'zh',
  گ: 'g',
  ک: 'k',
  ی: 'y',
  ے: 'y',
  ہ: 'h',
  ھ: 'h',
  ٹ: 't',
  ڈ: 'd',
  ڑ: 'r',
  ں: 'n',
};

/** Short-vowel marks, shadda, sukun, tatweel, dagger alif: absent from most spellings, dropped. */
const marks = /[\u064b-\u065f\u0670\u0640\u06d6-\u06ed]/g;
const arabicLetter = /[\u0600-\u06ff\u0750-\u077f]/;

export function isArabic(text: string): boolean {
  return arabicLetter.test(text);
}

/**
 * One word. The definite article ال fused to a word is dropped ("الرحمن" → "rhmn"), as the
 * Latin "al-"/"el-" is a particle of its own; so is the conjunction و before it ("والرحمن").
 */
/** Whole words a list romanizes by convention rather than letter by letter. */
const words: Readonly<Record<string, string>> = { بن: 'bin', ابن: 'ibn', بنت: 'bint', عبد: 'abd', أبو: 'abu', ابو: 'abu', ال: 'al' };

export function transliterateArabicWord(word: string): string {
  let bare = word.replace(marks, '');
  if (words[bare] !== undefined) return words[bare];
  // "عبدالله" written as one word: the silent ع would leave "bd…", which no spelling has.
  if (bare.startsWith('عبد')) return `abd${transliterateArabicWord(bare.slice(3))}`;
  if (bare.length > 3 && (bare.startsWith('ال') || bare.startsWith('وال'))) bare = bare.slice(bare.indexOf('ال') + 2);
  let out = '';
  for (const char of bare) {
    const latin = letters[char];
    out += latin === undefined ? char : latin;
  }
  return out;
}
