import { execFileSync } from 'node:child_process';

/** Runs Debian's ffmpeg quietly, overwriting its output: the tests make their videos, voices and stills with it. */
export function ffmpeg(...args: string[]): void {
  execFileSync('/usr/bin/ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}
