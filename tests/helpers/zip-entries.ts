import {spawnSync} from 'node:child_process'
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {Uint8ArrayReader, Uint8ArrayWriter, ZipReader} from '@zip.js/zip.js'

/*
 * The staff's encrypted exports read back, for their tests: with zip.js (the library that
 * writes them) and with 7-Zip, the standard tool a counsellor's computer opens them with.
 */

/** An entry of a ZIP as a reader lists it: its name, and whether it is encrypted and how. */
export interface ZipEntry {
  name: string
  encrypted: boolean
  /** The entry's text, read with `password` (a byte-order mark kept, as a spreadsheet sees it). */
  text: string
}

/** The entries of a ZIP read with `password` (zip.js throws for a wrong or missing one). */
export async function zipEntries(bytes: Uint8Array, password?: string): Promise<ZipEntry[]> {
  const reader = new ZipReader(new Uint8ArrayReader(bytes), {useWebWorkers: false})
  try {
    const entries = await reader.getEntries()
    return await Promise.all(
      entries.map(async (entry) => ({
        name: entry.filename,
        encrypted: entry.encrypted,
        text: entry.directory
          ? ''
          : new TextDecoder('utf-8', {ignoreBOM: true}).decode(
              await entry.getData(new Uint8ArrayWriter(), {password}),
            ),
      })),
    )
  } finally {
    await reader.close()
  }
}

/** Where Debian's `7zip` package puts 7-Zip (`apt-get install 7zip`). */
export const SEVEN_ZIP = '/usr/bin/7zz'

export const hasSevenZip = (): boolean => existsSync(SEVEN_ZIP)

/** 7-Zip run on `bytes` as file.zip, in a folder of its own; `read` sees the folder after. */
function sevenZip<T>(
  bytes: Uint8Array,
  args: string[],
  read: (status: number | null, output: string, folder: string) => T,
): T {
  const folder = mkdtempSync(join(tmpdir(), 'zip-entries-'))
  try {
    writeFileSync(join(folder, 'file.zip'), bytes)
    const result = spawnSync(SEVEN_ZIP, [...args, 'file.zip'], {
      cwd: folder,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    return read(result.status, `${result.stdout}${result.stderr}`, folder)
  } finally {
    rmSync(folder, {recursive: true, force: true})
  }
}

/**
 * The files 7-Zip extracts from `bytes` with `password` (an empty one when none is given), by
 * name, and what it reported; `ok` is false when it refused (a wrong password).
 */
export function sevenZipExtract(
  bytes: Uint8Array,
  password = '',
): {ok: boolean; files: Record<string, Buffer>; output: string} {
  // -p with the password, so 7-Zip never asks on the terminal; -y answers every question.
  return sevenZip(bytes, ['x', '-y', `-p${password}`, '-oout'], (status, output, folder) => {
    const files: Record<string, Buffer> = {}
    if (status === 0)
      for (const name of readdirSync(join(folder, 'out')))
        files[name] = readFileSync(join(folder, 'out', name))
    return {ok: status === 0, files, output}
  })
}

/** How 7-Zip says each entry is stored (`AES-256 Deflate`), read without a password. */
export const sevenZipMethods = (bytes: Uint8Array): string[] =>
  sevenZip(bytes, ['l', '-slt', '-p'], (_status, output) =>
    [...output.matchAll(/^Method = (.+)$/gm)].map((match) => match[1]!),
  )
