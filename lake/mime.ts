const TYPES: Record<string, string> = {
  avif: 'image/avif',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
  pdf: 'application/pdf',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  vtt: 'text/vtt; charset=utf-8',
  srt: 'application/x-subrip',
  zip: 'application/zip',
}

export function mimeTypeOf(extension: string): string {
  return TYPES[extension.toLowerCase()] ?? 'application/octet-stream'
}

export function extensionOf(mimeType: string): string | undefined {
  const base = mimeType.split(';')[0]?.trim().toLowerCase()
  if (base === 'image/jpeg') return 'jpg'
  return Object.entries(TYPES).find(([, type]) => type.split(';')[0] === base)?.[0]
}
