/** Reads a QR code from what a video shows now; null while none is in sight. */
export type QrReader = (video: HTMLVideoElement) => Promise<string | null>

interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<Array<{rawValue: string}>>
}

declare global {
  interface Window {
    BarcodeDetector?: {
      new (options: {formats: string[]}): BarcodeDetectorLike
      getSupportedFormats(): Promise<string[]>
    }
  }
}

/**
 * The browser's own detector where it reads QR codes (Android's Chrome, macOS), else jsQR
 * on a frame drawn to a canvas (desktop Linux, iOS). jsQR is loaded only when a scan starts,
 * so the workspace does not carry it otherwise.
 */
export async function createQrReader(): Promise<QrReader> {
  const Detector = window.BarcodeDetector
  if (Detector && (await Detector.getSupportedFormats()).includes('qr_code')) {
    const detector = new Detector({formats: ['qr_code']})
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null
  }
  const {default: jsQR} = await import('jsqr')
  const canvas = document.createElement('canvas')
  const context = canvas.getContext('2d', {willReadFrequently: true})
  return async (video) => {
    if (!context || video.videoWidth === 0) return null
    // A phone's camera gives large frames: 640 px across reads a code at arm's length.
    const scale = Math.min(1, 640 / video.videoWidth)
    canvas.width = Math.round(video.videoWidth * scale)
    canvas.height = Math.round(video.videoHeight * scale)
    context.drawImage(video, 0, 0, canvas.width, canvas.height)
    const frame = context.getImageData(0, 0, canvas.width, canvas.height)
    return (
      jsQR(frame.data, frame.width, frame.height, {inversionAttempts: 'dontInvert'})?.data ?? null
    )
  }
}
