import {existsSync, readFileSync, statSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import sharp from 'sharp'
import {describe, expect, it} from 'vitest'
import {CROSSFADE, cameraAt, captionsOf, filmSeconds, films} from './films.ts'

const content = fileURLToPath(new URL('../../content/', import.meta.url))
/** The seed's videos stay small: a few MB in all, both formats together. */
const ALL_FILES_BUDGET = 5 * 1024 * 1024

describe('seed films', () => {
  it('keep the camera inside every picture, through every frame', () => {
    for (const film of films) {
      for (const shot of film.shots) {
        const root =
          /<svg [^>]*>/.exec(readFileSync(`${content}images/${shot.image}`, 'utf8'))?.[0] ?? ''
        const [width, height] = ['width', 'height'].map((name) =>
          Number(new RegExp(` ${name}="(\\d+)"`).exec(root)?.[1]),
        )
        expect(width && height, shot.image).toBeTruthy()
        for (let t = 0; t <= shot.seconds; t += 0.1) {
          const frame = cameraAt(film, shot, t)
          const where = `${film.name} ${shot.image} at ${t.toFixed(1)} s`
          expect(frame.x, where).toBeGreaterThanOrEqual(0)
          expect(frame.y, where).toBeGreaterThanOrEqual(0)
          expect(frame.x + frame.w, where).toBeLessThanOrEqual(width! + 0.5)
          expect(frame.y + frame.h, where).toBeLessThanOrEqual(height! + 0.5)
        }
      }
    }
  })

  it('caption every shot in Korean, in order, with no gap or overlap', () => {
    for (const film of films) {
      const vtt = captionsOf(film)
      expect(vtt.startsWith('WEBVTT\n\n')).toBe(true)
      const cues = [...vtt.matchAll(/(\d\d):(\d\d)\.(\d{3}) --> (\d\d):(\d\d)\.(\d{3})\n(.+)\n/g)]
      expect(cues.map((cue) => cue[7])).toEqual(film.shots.map((shot) => shot.caption))
      const seconds = (m: string, s: string, ms: string) =>
        Number(m) * 60 + Number(s) + Number(ms) / 1000
      const times = cues.map(
        (cue) => [seconds(cue[1]!, cue[2]!, cue[3]!), seconds(cue[4]!, cue[5]!, cue[6]!)] as const,
      )
      expect(times[0]?.[0]).toBe(0)
      for (let i = 1; i < times.length; i += 1)
        expect(times[i]?.[0]).toBeCloseTo(times[i - 1]![1], 3)
      expect(times.at(-1)?.[1]).toBeCloseTo(filmSeconds(film), 3)
      for (const shot of film.shots) {
        expect(shot.caption).toMatch(/[가-힣]/)
        expect(shot.seconds).toBeGreaterThan(CROSSFADE * 2)
      }
    }
  })

  it(
    'are committed as rendered: WebM, MP4, WebVTT ' +
      'and a poster of the film size, a few MB in all',
    async () => {
      let total = 0
      for (const film of films) {
        const file = (name: string) => `${content}files/${film.name}${name}`
        for (const name of ['.webm', '.mp4', '.ko.vtt'])
          expect(existsSync(file(name)), file(name)).toBe(true)
        expect(readFileSync(file('.ko.vtt'), 'utf8')).toBe(captionsOf(film))
        // EBML header of a WebM, 'ftyp' box of an MP4.
        expect(readFileSync(file('.webm')).subarray(0, 4).toString('hex')).toBe('1a45dfa3')
        expect(readFileSync(file('.mp4')).subarray(4, 8).toString('latin1')).toBe('ftyp')
        total += statSync(file('.webm')).size + statSync(file('.mp4')).size
        const poster = await sharp(`${content}images/${film.name}-poster.jpg`).metadata()
        expect([poster.format, poster.width, poster.height]).toEqual([
          'jpeg',
          film.width,
          film.height,
        ])
      }
      expect(total).toBeLessThan(ALL_FILES_BUDGET)
    },
  )

  it('give a film that opens on its first frame a poster of that frame, edge to edge', async () => {
    const opening = films.filter((film) => film.poster === 'opening')
    expect(opening.map((film) => film.name)).toEqual(['brand-film'])
    for (const film of opening) {
      const poster = `${content}images/${film.name}-poster.jpg`
      // The darkest channel of a 4 px strip at each side: a picture fitted on white leaves ~255.
      const edge = async (left: number) => {
        const strip = await sharp(poster)
          .extract({left, top: 0, width: 4, height: film.height})
          .png()
          .toBuffer()
        // Statistics are of an image's input: the strip is cut out first.
        const {channels} = await sharp(strip).stats()
        return Math.min(...channels.map((channel) => channel.mean))
      }
      expect(await edge(0), `${film.name} left edge`).toBeLessThan(200)
      expect(await edge(film.width - 4), `${film.name} right edge`).toBeLessThan(200)
    }
  })
})
