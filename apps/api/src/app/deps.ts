import type { FastifyServerOptions } from 'fastify';
import type { Config, Hosting } from '../config';
import type { DomainChecks } from '../modules/academies/own-domains.service';
import type { Db } from '../db/client';
import type { Mailer } from '../lib/mailer';
import type { FileStorage } from '../lib/storage';
import type { BackupPaths } from '../modules/backups/backups.service';
import type { MediaTools } from '../modules/lectures';
import type { ServerKeys } from '../lib/server-keys';

export type AppDeps = {
  /** The serving role's: every request and job (rows only, decision 068). */
  db: Db;
  /** The tables' owner, for restores only (they build a scratch schema); unset: `db` (one role does everything). */
  ownerDb?: Db;
  /** appSecret keys the hashes of one-time codes; outside production a fixed development key stands in. */
  config: Pick<Config, 'isProduction' | 'publicUrl' | 'trustProxy'> & {
    appSecret?: string;
    providers?: Config['providers'];
    pushAllowedHosts?: readonly string[];
    metricsToken?: string;
    attendanceOpensMinutesBefore?: number;
    /** Unset: one academy (ACADEMY_HOSTING=one). */
    hosting?: Hosting;
    /** DNS servers asked for own-domain TXT proofs; unset or empty: the system's. */
    domainCheckDnsServers?: readonly string[];
  };
  /** How own-domain proofs are looked for; unset: DNS and the domain's site (tests pass stand-ins' addresses). */
  domainChecks?: DomainChecks;
  mailer: Mailer;
  /** Keys derived from APP_SECRET (or the development secret in DATA_DIR): secrets at rest, backup signatures. */
  keys: ServerKeys;
  /**
   * Backups: their folder (DATA_DIR/backups) and the stored files they cover (DATA_DIR/files);
   * `automatic` runs the daily automatic backup (the server; tests call it themselves).
   */
  backups: BackupPaths & { automatic?: boolean; maxUploadBytes?: number };
  /** Where uploaded files (notes' PDFs) are kept: DATA_DIR/files, a temporary folder in tests. */
  storage: FileStorage;
  /**
   * Lectures (issue 75): the largest recording taken (LECTURE_MAX_UPLOAD_MB), ffmpeg's and ffprobe's paths
   * (Debian's by default) and the folder renditions are made in (DATA_DIR/lecture-work by default).
   */
  lectures?: { maxUploadBytes?: number; tools?: MediaTools; workDir?: string; uploadsDir?: string; uploadLockWaitMs?: number; progressEveryMs?: number };
  /**
   * Whether this process polls for due jobs (the server). API tests leave it off and call
   * `app.jobs.runDue()` when they want the jobs run.
   */
  runJobs?: boolean;
  /** The built web app to serve; omitted in API tests. */
  webDistFolder?: string;
  logger?: FastifyServerOptions['logger'];
};
