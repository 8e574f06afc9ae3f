import {describe, expect, it} from 'vitest'
import {fileExtension, videoSourceAdvice, videoSourceProblem} from './videoSource.ts'

const file = (ext: string) => ({asset: {_ref: `file-${'a'.repeat(40)}-${ext}`}})
const image = {asset: {_ref: `image-${'b'.repeat(40)}-960x540-jpg`}}
const uploaded = {
  kind: 'file',
  mp4: file('mp4'),
  webm: file('webm'),
  poster: image,
  captions: file('vtt'),
}

describe('videoSource rules', () => {
  it('reads the extension of a file asset from its id', () => {
    expect(fileExtension(file('webm'))).toBe('webm')
    expect(fileExtension(image)).toBeUndefined()
    expect(fileExtension(undefined)).toBeUndefined()
  })

  it('accepts uploaded files with poster and captions, and a valid YouTube id', () => {
    expect(videoSourceProblem(uploaded)).toBe(true)
    expect(videoSourceProblem({kind: 'youtube', youtubeId: 'dQw4w9WgXcQ'})).toBe(true)
  })

  it('asks for the kind, the MP4, the poster and Korean captions of an uploaded video', () => {
    expect(videoSourceProblem({})).toMatch(/골라 주세요/)
    expect(videoSourceProblem({...uploaded, mp4: undefined})).toMatch(/MP4/)
    expect(videoSourceProblem({...uploaded, poster: undefined})).toMatch(/포스터/)
    expect(videoSourceProblem({...uploaded, captions: undefined})).toMatch(/자막/)
  })

  it('refuses files of the wrong kind in each slot', () => {
    expect(videoSourceProblem({...uploaded, mp4: file('mov')})).toMatch(/\.mp4/)
    expect(videoSourceProblem({...uploaded, webm: file('mp4')})).toMatch(/\.webm/)
    expect(videoSourceProblem({...uploaded, captions: file('srt')})).toMatch(/WebVTT/)
  })

  it('keeps the YouTube id rule: 11 URL-safe characters', () => {
    expect(videoSourceProblem({kind: 'youtube'})).toMatch(/ID를 입력/)
    for (const id of ['short', 'https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXc!']) {
      expect(videoSourceProblem({kind: 'youtube', youtubeId: id}), id).toMatch(/11자리/)
    }
  })

  it('advises, without refusing, a WebM copy of an uploaded video', () => {
    expect(videoSourceProblem({...uploaded, webm: undefined})).toBe(true)
    expect(videoSourceAdvice({...uploaded, webm: undefined})).toMatch(/WebM/)
    expect(videoSourceAdvice(uploaded)).toBe(true)
    expect(videoSourceAdvice({kind: 'youtube', youtubeId: 'dQw4w9WgXcQ'})).toBe(true)
  })
})
