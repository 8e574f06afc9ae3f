import {readConfig} from '#config/settings.ts'
import {checkInAddress, type CheckInTarget} from '#shared/visits/check-in-address.ts'
import {qrDrawing} from '../qr-drawing.ts'
import type {QrDrawing} from '#shared/qr-drawing.ts'

/** The QR code of a visit's check-in address. */
export function arrivalQr(target: CheckInTarget, env = process.env): QrDrawing {
  return qrDrawing(checkInAddress(readConfig(env).siteUrl, target))
}
