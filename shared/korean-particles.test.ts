import {describe, expect, it} from 'vitest'
import {withParticle, type Particle} from './korean-particles.ts'

describe('withParticle', () => {
  it.each<[string, Particle, string]>([
    // A phone number by its last digit, brackets not read: 0 is 영, 1 is 일, 3 is 삼.
    ['1661-0440', '으로/로', '1661-0440으로'],
    ['대표번호(1661-0440)', '으로/로', '대표번호(1661-0440)으로'],
    ['02-123-4567', '으로/로', '02-123-4567로'],
    ['051-000-0001', '으로/로', '051-000-0001로'],
    ['010-0000-0003', '으로/로', '010-0000-0003으로'],
    // 로 after ㄹ and after a vowel, 으로 after every other final consonant.
    ['서울', '으로/로', '서울로'],
    ['부산', '으로/로', '부산으로'],
    ['견본주택', '으로/로', '견본주택으로'],
    ['문자', '으로/로', '문자로'],
    // The pairs chosen by whether the last syllable ends in a consonant.
    ['김민준', '을/를', '김민준을'],
    ['이서아', '을/를', '이서아를'],
    ['예약', '이/가', '예약이'],
    ['방문 시간', '은/는', '방문 시간은'],
    ['주소', '과/와', '주소와'],
    ['3건', '이/가', '3건이'],
    ['2', '이/가', '2가'],
    ['6', '을/를', '6을'],
    // Latin letters as they are said aloud (엘, 에스); nothing to read takes the vowel form.
    ['URL', '이/가', 'URL이'],
    ['SMS', '을/를', 'SMS를'],
    ['', '을/를', '를'],
  ])('%s + %s → %s', (word, particle, expected) => {
    expect(withParticle(word, particle)).toBe(expected)
  })
})
