import {configure, ZipWriter} from '@zip.js/zip.js'

/*
 * A ZIP file of one entry encrypted with AES-256 (WinZip's AE-2, which 7-Zip, Bandizip and
 * ALZip open with the password). zip.js runs in the function's own thread: a function has no
 * web workers to hand the compression to.
 */
configure({useWebWorkers: false})

/** zip.js's strongest encryption: AES with a 256-bit key. */
const AES_256 = 3

/**
 * `source` as the entry `name` of an encrypted ZIP, written as the answer is read: each part
 * of the source is compressed, encrypted and passed on before the next is pulled, so memory
 * holds a part, not the file. A source that fails ends the file with an error (a broken
 * download), never with a file that looks whole.
 */
export function encryptedZip(
  name: string,
  source: ReadableStream<Uint8Array>,
  password: string,
): ReadableStream<Uint8Array> {
  let abort: (reason: unknown) => void = () => undefined
  const {readable, writable} = new TransformStream<Uint8Array, Uint8Array>({
    start(controller) {
      abort = (reason) => controller.error(reason)
    },
  })
  const zip = new ZipWriter(writable, {password, encryptionStrength: AES_256})
  zip
    .add(name, source)
    .then(() => zip.close())
    .catch((error: unknown) => {
      console.error('admin leads zip: the file could not be written', error)
      abort(error)
    })
  return readable
}
