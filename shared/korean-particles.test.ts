import {describe, expect, it} from 'vitest'
import {withParticle} from './korean-particles.ts'

describe('withParticle', () => {
  it('follows a phone number with the form its last digit takes', () => {
    expect(withParticle('1661-0440', '으로/로')).toBe('1661-0440으로')
    expect(withParticle('대표번호(1661-0440)', '으로/로')).toBe('대표번호(1661-0440)으로')
    expect(withParticle('02-123-4567', '으로/로')).toBe('02-123-4567로')
    expect(withParticle('051-000-0001', '으로/로')).toBe('051-000-0001로')
    expect(withParticle('010-0000-0003', '으로/로')).toBe('010-0000-0003으로')
  })

  it('takes 로 after ㄹ and after a vowel, 으로 after every other final consonant', () => {
    expect(withParticle('서울', '으로/로')).toBe('서울로')
    expect(withParticle('부산', '으로/로')).toBe('부산으로')
    expect(withParticle('견본주택', '으로/로')).toBe('견본주택으로')
    expect(withParticle('홍보관', '으로/로')).toBe('홍보관으로')
    expect(withParticle('문자', '으로/로')).toBe('문자로')
  })

  it('chooses 을/를, 이/가, 은/는 and 과/와 by the last syllable', () => {
    expect(withParticle('김민준', '을/를')).toBe('김민준을')
    expect(withParticle('이서아', '을/를')).toBe('이서아를')
    expect(withParticle('예약', '이/가')).toBe('예약이')
    expect(withParticle('방문 시간', '은/는')).toBe('방문 시간은')
    expect(withParticle('주소', '과/와')).toBe('주소와')
    expect(withParticle('3건', '이/가')).toBe('3건이')
    expect(withParticle('2', '이/가')).toBe('2가')
    expect(withParticle('6', '을/를')).toBe('6을')
  })

  it('reads Latin letters as they are said aloud, and takes the vowel form after nothing', () => {
    expect(withParticle('URL', '이/가')).toBe('URL이')
    expect(withParticle('SMS', '을/를')).toBe('SMS를')
    expect(withParticle('', '을/를')).toBe('를')
  })
})
