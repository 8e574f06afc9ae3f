import {readConfig} from '#config/defaults.ts'
import {checkInAddress, type CheckInTarget} from '#shared/visits/check-in-address.ts'
import {qrDrawing, type QrDrawing} from '../qr-drawing.ts'

export type {QrDrawing}

/** The QR code of a visit's check-in address. */
export function arrivalQr(target: CheckInTarget, env = process.env): QrDrawing {
  return qrDrawing(checkInAddress(readConfig(env).siteUrl, target))
}
