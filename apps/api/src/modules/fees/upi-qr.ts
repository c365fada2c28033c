import QRCode from 'qrcode';

/**
 * A UPI request as a QR code (issue 38) that any UPI app scans: SVG, so it stays sharp on a screen
 * and in print, and is a few kilobytes. Error correction M: a slightly smudged print still scans. The
 * quiet zone is the four modules the QR standard asks for (issue 53): two failed on a busy fee slip.
 */
export function upiQrSvg(link: string): Promise<string> {
  return QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } });
}
