/**
 * Korean particles after a composed word: "대표번호 1661-0440으로", "윤서를", "3번이". Which form
 * follows depends on how the word's last syllable is read aloud, digits included (0 is 영,
 * which ends in a consonant; 2 is 이, which does not).
 */

/** Each particle by its form after a final consonant and its form after a vowel. */
const PARTICLES = {
  '을/를': ['을', '를'],
  '이/가': ['이', '가'],
  '은/는': ['은', '는'],
  '과/와': ['과', '와'],
  '으로/로': ['으로', '로'],
} as const

export type Particle = keyof typeof PARTICLES

const HANGUL_FIRST = 0xac00
const HANGUL_LAST = 0xd7a3
/** The final consonant ㄹ in a syllable's code: 로, not 으로, follows it. */
const FINAL_RIEUL = 8

/** How each digit is read: its final consonant's code, 0 when it ends in a vowel. */
const DIGIT_FINALS: Record<string, number> = {
  '0': 21, // 영: ㅇ
  '1': FINAL_RIEUL, // 일
  '2': 0, // 이
  '3': 16, // 삼: ㅁ
  '4': 0, // 사
  '5': 0, // 오
  '6': 1, // 육: ㄱ
  '7': FINAL_RIEUL, // 칠
  '8': FINAL_RIEUL, // 팔
  '9': 0, // 구
}

/** Latin letters as Koreans read them aloud (엘, 엠, 엔, 알 end in a consonant). */
const LETTER_FINALS: Record<string, number> = {l: FINAL_RIEUL, m: 16, n: 4, r: FINAL_RIEUL}

/**
 * The final consonant of the last syllable read aloud in `word`, 0 for none; brackets,
 * punctuation and spaces after it are not read.
 */
function finalConsonant(word: string): number {
  const last = [...word].reverse().find((char) => /[\p{L}\p{N}]/u.test(char))
  if (last === undefined) return 0
  const code = last.codePointAt(0)!
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) return (code - HANGUL_FIRST) % 28
  if (last in DIGIT_FINALS) return DIGIT_FINALS[last]!
  return LETTER_FINALS[last.toLowerCase()] ?? 0
}

/** The form of `particle` that follows `word`'s last syllable. */
export function particleFor(word: string, particle: Particle): string {
  const [afterConsonant, afterVowel] = PARTICLES[particle]
  const final = finalConsonant(word)
  const consonant = particle === '으로/로' ? final !== 0 && final !== FINAL_RIEUL : final !== 0
  return consonant ? afterConsonant : afterVowel
}

/** `word` followed by the form of `particle` its last syllable takes. */
export function withParticle(word: string, particle: Particle): string {
  return `${word}${particleFor(word, particle)}`
}
