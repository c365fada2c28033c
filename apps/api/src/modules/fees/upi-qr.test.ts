import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { upiQrSvg } from './upi-qr';

describe('the UPI QR code', () => {
  it('has the four-module quiet zone the QR standard asks for around its modules', async () => {
    const link = 'upi://pay?pa=academy@okhdfcbank&pn=Academy&am=1500.00&cu=INR&tn=LAT26-0042-I2%20Fees&tr=LAT26-0042-I2';
    const modules = QRCode.create(link, { errorCorrectionLevel: 'M' }).modules.size;
    const svg = await upiQrSvg(link);
    const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
    expect(size).toBe(modules + 2 * 4);
  });
});
