// Renders the seed's videos (films.ts) into content/files/ (WebM with VP9, MP4 with H.264,
// WebVTT captions) and their posters into content/images/. Needs ffmpeg (Debian:
// `apt-get install -y ffmpeg`); run at authoring time and commit what it writes:
//   npx tsx art/films/render.ts [name ...]
// The posters alone, without ffmpeg: npx tsx art/films/render.ts --posters [name ...]
import {spawn} from 'node:child_process'
import {mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {Resvg} from '@resvg/resvg-js'
import sharp from 'sharp'
import {pretendardFontFiles} from '../scenes/outlined-text.ts'
import {
  CROSSFADE,
  EDGE_FADE,
  FPS,
  cameraAt,
  captionsOf,
  filmSeconds,
  films,
  shotStarts,
  type Film,
} from './films.ts'

const contentDir = fileURLToPath(new URL('../../content/', import.meta.url))
export const filesDir = join(contentDir, 'files')
const imagesDir = join(contentDir, 'images')

/**
 * The source drawn large enough that the closest camera frame still has more pixels than the film.
 */
interface Source {
  data: Buffer
  width: number
  height: number
  /** Source pixels per SVG pixel. */
  scale: number
}

/**
 * The drawings' words set in the site's typeface, the same on every machine (no system fonts):
 * without a font they would leave blank label pills on the map.
 */
const drawingFonts = {
  loadSystemFonts: false,
  fontFiles: pretendardFontFiles,
  defaultFontFamily: 'Pretendard',
}

function drawSource(film: Film, image: string, cache: Map<string, Source>): Source {
  const key = `${film.name}:${image}`
  const cached = cache.get(key)
  if (cached) return cached
  const svg = readFileSync(join(imagesDir, image), 'utf8')
  const closest = Math.min(
    ...film.shots
      .filter((shot) => shot.image === image)
      .flatMap((shot) => [shot.from.w, shot.to.w]),
  )
  const svgWidth = new Resvg(svg).width
  const scale = Math.min(4, Math.max(1, (film.width * 2) / closest))
  const rendered = new Resvg(svg, {
    fitTo: {mode: 'width', value: Math.round(svgWidth * scale)},
    background: '#ffffff',
    font: drawingFonts,
  }).render()
  const source = {
    data: Buffer.from(rendered.pixels),
    width: rendered.width,
    height: rendered.height,
    scale: rendered.width / svgWidth,
  }
  cache.set(key, source)
  return source
}

async function shotFrame(
  film: Film,
  index: number,
  t: number,
  cache: Map<string, Source>,
): Promise<Buffer> {
  const shot = film.shots[index]!
  const source = drawSource(film, shot.image, cache)
  const camera = cameraAt(film, shot, t)
  const left = Math.max(0, Math.round(camera.x * source.scale))
  const top = Math.max(0, Math.round(camera.y * source.scale))
  const width = Math.min(source.width - left, Math.round(camera.w * source.scale))
  const height = Math.min(source.height - top, Math.round(camera.h * source.scale))
  return sharp(source.data, {raw: {width: source.width, height: source.height, channels: 4}})
    .extract({left, top, width, height})
    .resize(film.width, film.height, {fit: 'fill', kernel: 'lanczos3'})
    .removeAlpha()
    .raw()
    .toBuffer()
}

function mix(a: Buffer, b: Buffer, k: number): Buffer {
  const out = Buffer.alloc(a.length)
  for (let i = 0; i < a.length; i += 1) out[i] = Math.round((a[i] ?? 0) * (1 - k) + (b[i] ?? 0) * k)
  return out
}

function dim(frame: Buffer, k: number): Buffer {
  if (k >= 1) return frame
  const out = Buffer.alloc(frame.length)
  for (let i = 0; i < frame.length; i += 1) out[i] = Math.round((frame[i] ?? 0) * k)
  return out
}

/** The picture at `time`: the shot on screen, crossfaded into the next where they overlap. */
async function frameAt(
  film: Film,
  time: number,
  cache: Map<string, Source>,
  edges = true,
): Promise<Buffer> {
  const starts = shotStarts(film)
  let index = starts.findLastIndex((start) => start <= time)
  index = Math.max(0, index)
  const previous = index - 1
  let frame = await shotFrame(film, index, time - (starts[index] ?? 0), cache)
  const intoCurrent = time - (starts[index] ?? 0)
  if (previous >= 0 && intoCurrent < CROSSFADE) {
    const before = await shotFrame(film, previous, time - (starts[previous] ?? 0), cache)
    frame = mix(before, frame, intoCurrent / CROSSFADE)
  }
  if (!edges) return frame
  const total = filmSeconds(film)
  return dim(frame, Math.min(1, time / EDGE_FADE, (total - time) / EDGE_FADE))
}

function run(
  args: string[],
  input?: (stdin: NodeJS.WritableStream) => Promise<void>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
      stdio: [input ? 'pipe' : 'ignore', 'inherit', 'inherit'],
    })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${args.join(' ')}`)),
    )
    if (input && child.stdin) {
      child.stdin.on('error', reject)
      input(child.stdin).then(() => child.stdin?.end(), reject)
    }
  })
}

function write(stream: NodeJS.WritableStream, data: Buffer): Promise<void> {
  return new Promise((resolve) => {
    if (stream.write(data)) resolve()
    else stream.once('drain', resolve)
  })
}

/** The poster the film asks for (`Film.poster`), as a JPEG in content/images/. */
async function writePoster(film: Film, cache: Map<string, Source>): Promise<void> {
  const poster =
    film.poster === 'opening'
      ? sharp(await frameAt(film, EDGE_FADE, cache, false), {
          raw: {width: film.width, height: film.height, channels: 3},
        })
      : await wholePicture(film)
  writeFileSync(
    join(imagesDir, `${film.name}-poster.jpg`),
    await poster.jpeg({quality: 82, mozjpeg: true}).toBuffer(),
  )
}

/**
 * The first shot's picture whole, its words set, fitted into the film's size on white (the
 * film's first frame is a close crop that cuts the picture's edges and its words).
 */
async function wholePicture(film: Film): Promise<sharp.Sharp> {
  const svg = readFileSync(join(imagesDir, film.shots[0]!.image), 'utf8')
  const picture = Buffer.from(
    new Resvg(svg, {
      fitTo: {mode: 'height', value: film.height * 2},
      background: '#ffffff',
      font: drawingFonts,
    })
      .render()
      .asPng(),
  )
  return sharp(picture)
    .resize(film.width, film.height, {fit: 'contain', background: '#ffffff', kernel: 'lanczos3'})
    .flatten({background: '#ffffff'})
}

async function renderFilm(film: Film): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), `film-${film.name}-`))
  const cache = new Map<string, Source>()
  try {
    const master = join(work, 'master.mkv')
    const frames = Math.round(filmSeconds(film) * FPS)
    // One lossless master, then the two delivery encodes from it.
    await run(
      [
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        '-s',
        `${film.width}x${film.height}`,
        '-r',
        String(FPS),
        '-i',
        '-',
        '-c:v',
        'libx264',
        '-qp',
        '0',
        '-preset',
        'ultrafast',
        master,
      ],
      async (stdin) => {
        for (let i = 0; i < frames; i += 1) await write(stdin, await frameAt(film, i / FPS, cache))
      },
    )
    const common = ['-i', master, '-an', '-pix_fmt', 'yuv420p', '-r', String(FPS)]
    await run([
      ...common,
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '45',
      '-deadline',
      'good',
      '-cpu-used',
      '1',
      '-row-mt',
      '1',
      '-g',
      String(FPS * 4),
      join(filesDir, `${film.name}.webm`),
    ])
    await run([
      ...common,
      '-c:v',
      'libx264',
      '-preset',
      'veryslow',
      '-crf',
      '31',
      '-profile:v',
      'high',
      '-tune',
      'animation',
      '-g',
      String(FPS * 4),
      '-movflags',
      '+faststart',
      join(filesDir, `${film.name}.mp4`),
    ])
    await writePoster(film, cache)
    writeFileSync(join(filesDir, `${film.name}.ko.vtt`), captionsOf(film))
  } finally {
    rmSync(work, {recursive: true, force: true})
  }
  const size = (file: string) => `${(statSync(file).size / 1024).toFixed(0)} KB`
  console.log(
    `${film.name}: ${filmSeconds(film).toFixed(1)} s, webm ` +
      `${size(join(filesDir, `${film.name}.webm`))}, mp4 ` +
      `${size(join(filesDir, `${film.name}.mp4`))}, poster ` +
      `${size(join(imagesDir, `${film.name}-poster.jpg`))}`,
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const postersOnly = process.argv[2] === '--posters'
  const only = process.argv.slice(postersOnly ? 3 : 2)
  for (const film of films) {
    if (only.length > 0 && !only.includes(film.name)) continue
    if (postersOnly) await writePoster(film, new Map())
    else await renderFilm(film)
  }
}
