import {writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {type Browser, chromium} from 'playwright-core'
import sharp from 'sharp'
import {CHROMIUM_FLAGS, headlessShellPath} from './chromium.ts'

const WIDTH = 640
const HEIGHT = 480

/**
 * A clip for Chromium's fake camera (`--use-file-for-fake-video-capture`): the picture,
 * fitted and centred on white at 640x480, as a few frames of raw YUV 4:2:0 (the Y4M format, which
 * Chromium plays in a loop). The picture is a screenshot, so the camera sees what the
 * page drew.
 */
export async function cameraClip(picture: Buffer, name: string): Promise<string> {
  const luma = await sharp(picture)
    .resize(WIDTH, HEIGHT, {fit: 'contain', background: '#fff'})
    .removeAlpha()
    .toColourspace('b-w')
    .raw()
    .toBuffer()
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma])
  const file = join(tmpdir(), `${name}-${process.pid}.y4m`)
  await writeFile(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`),
      ...Array.from({length: 5}, () => frame),
    ]),
  )
  return file
}

/** A browser of its own whose camera shows `clip`, with the camera's permission given. */
export function browserWithCamera(clip: string): Promise<Browser> {
  return chromium.launch({
    executablePath: headlessShellPath(),
    args: [
      ...CHROMIUM_FLAGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${clip}`,
    ],
  })
}
