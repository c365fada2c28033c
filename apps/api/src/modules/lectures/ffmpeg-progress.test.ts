import { describe, expect, it } from 'vitest';
import { FfmpegProgressReader, fractionOf, outTimeSecondsOf, percentOf } from './ffmpeg-progress';

/* ffmpeg's `-progress` report read as it arrives (issue 75): a lecture's step as a percent. */

const block = (us: string, end = false) => `frame=12\nfps=0.0\nbitrate=N/A\ntotal_size=48\nout_time_us=${us}\nout_time_ms=${us}\nout_time=${us === 'N/A' ? 'N/A' : '00:00:00.000000'}\ndup_frames=0\nspeed=N/A\nprogress=${end ? 'end' : 'continue'}\n`;

describe('ffmpeg progress', () => {
  it('reads out_time_us, out_time_ms and out_time, and N/A as nothing', () => {
    expect(outTimeSecondsOf('out_time_us', '12500000')).toBe(12.5);
    expect(outTimeSecondsOf('out_time_ms', '1000000')).toBe(1);
    expect(outTimeSecondsOf('out_time', '01:02:03.500000')).toBe(3723.5);
    expect(outTimeSecondsOf('out_time_us', 'N/A')).toBeNull();
    expect(outTimeSecondsOf('out_time', 'N/A')).toBeNull();
    expect(outTimeSecondsOf('out_time', '-00:00:00.023220')).toBeNull();
    expect(outTimeSecondsOf('out_time_us', '-23220')).toBeNull();
    expect(outTimeSecondsOf('bitrate', '20.1kbits/s')).toBeNull();
  });

  it('answers each finished block’s time, with lines cut across chunks, never backwards, and the end', () => {
    const reader = new FfmpegProgressReader();
    const text = block('N/A') + block('2000000') + block('1500000') + block('6000000', true);
    const seen: number[] = [];
    // Cut into 7-character chunks: lines arrive in pieces.
    for (let at = 0; at < text.length; at += 7) {
      const seconds = reader.push(text.slice(at, at + 7));
      if (seconds !== null) seen.push(seconds);
    }
    expect(seen).toEqual([2, 2, 6]);
    expect(reader.seconds).toBe(6);
    expect(reader.ended).toBe(true);
  });

  it('takes out_time when the microseconds are missing, and CRLF lines', () => {
    const reader = new FfmpegProgressReader();
    expect(reader.push('out_time=00:00:30.000000\r\nprogress=continue\r\n')).toBe(30);
    expect(reader.ended).toBe(false);
    expect(reader.push('garbage\n=\nprogress=')).toBeNull();
  });

  it('turns times into a share and a percent that stays under 100 while the step runs', () => {
    expect(fractionOf(30, 120)).toBe(0.25);
    expect(fractionOf(130, 120)).toBe(1);
    expect(fractionOf(10, 0)).toBe(0);
    expect(fractionOf(Number.NaN, 60)).toBe(0);
    expect(percentOf(0.256)).toBe(25);
    expect(percentOf(1)).toBe(99);
    expect(percentOf(-1)).toBe(0);
    expect(percentOf(Number.NaN)).toBe(0);
  });
});
