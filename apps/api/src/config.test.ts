import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { repoRoot } from './paths';

describe('loadConfig', () => {
  it('has working defaults for development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: 'development', port: 3000, databaseUrl: undefined, trustProxy: false });
    expect(config.dataDir).toBe(path.join(repoRoot, 'data'));
  });

  it('names every bad value', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', TRUST_PROXY: 'maybe' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL must start with postgres://');
      expect(problems).toContain('TRUST_PROXY must be false or a comma-separated list');
    }
  });

  it('trusts only the configured proxies by their addresses, never everyone', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/hop counts are refused/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 192.168.1.0/24,::1' }).trustProxy).toEqual(['10.0.0.2', '192.168.1.0/24', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/`true` and hop counts are refused/);
    expect(() => loadConfig({ TRUST_PROXY: 'evil.example' })).toThrow(ConfigError);
  });

  it('takes a METRICS_TOKEN of 16 characters or more, and none by default', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'abcdefghijklmnop' }).metricsToken).toBe('abcdefghijklmnop');
    expect(() => loadConfig({ METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });

  it('listens on 127.0.0.1 outside production unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://a.example.in', SMTP_URL: 'smtps://u:p@smtp.example.in:465' }).host).toBe('0.0.0.0');
  });

  it('refuses production without its secrets, naming each missing one', () => {
    try {
      loadConfig({ NODE_ENV: 'production' });
      expect.unreachable();
    } catch (error) {
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(3);
      expect(problems[0]).toMatch(/^APP_SECRET is required in production/);
      expect(problems[1]).toMatch(/^PUBLIC_URL is required in production/);
      expect(problems[2]).toMatch(/^SMTP_URL is required in production/);
    }
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://academy.example.in/',
      SMTP_URL: 'smtps://office%40example.in:s3cret@smtp.example.in:465',
    });
    expect(config.publicUrl).toBe('https://academy.example.in');
    expect(config.smtpUrl).toBe('smtps://office%40example.in:s3cret@smtp.example.in:465');
  });

  it('reads the mail settings, with a sender that works for development', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, mailFrom: { name: 'Academy', address: 'no-reply@localhost' } });
    expect(loadConfig({ MAIL_FROM: 'office@example.in' }).mailFrom).toEqual({ name: '', address: 'office@example.in' });
    expect(loadConfig({ MAIL_FROM: '"Shree Academy, Latur" <office@example.in>' }).mailFrom).toEqual({ name: 'Shree Academy, Latur', address: 'office@example.in' });
    try {
      loadConfig({ SMTP_URL: 'smtp.example.in', MAIL_FROM: 'Shree Academy' });
      expect.unreachable();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('SMTP_URL must look like smtps://');
      expect(problems).toContain('MAIL_FROM must be an address');
    }
  });

  it('takes the owner role in MIGRATION_DATABASE_URL, only beside DATABASE_URL (decision 068)', () => {
    const serving = 'postgres://academy_app:a@db.example.in/academy';
    const owner = 'postgres://academy_owner:o@db.example.in/academy';
    expect(loadConfig({ DATABASE_URL: serving, MIGRATION_DATABASE_URL: owner })).toMatchObject({ databaseUrl: serving, migrationDatabaseUrl: owner });
    expect(loadConfig({ DATABASE_URL: serving }).migrationDatabaseUrl).toBeUndefined();
    expect(() => loadConfig({ MIGRATION_DATABASE_URL: owner })).toThrow(/MIGRATION_DATABASE_URL needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: serving, MIGRATION_DATABASE_URL: 'mysql://x' })).toThrow(/MIGRATION_DATABASE_URL must start with postgres:\/\//);
  });

    it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('hosts one academy by default, many at their own hosts with BASE_DOMAIN (issue 55)', () => {
    expect(loadConfig({}).hosting).toEqual({ mode: 'one' });
    expect(loadConfig({ ACADEMY_HOSTING: 'many', BASE_DOMAIN: 'Academy.Example.IN' }).hosting).toEqual({ mode: 'many', baseDomain: 'academy.example.in' });
    expect(() => loadConfig({ ACADEMY_HOSTING: 'many' })).toThrow(/BASE_DOMAIN is required with ACADEMY_HOSTING=many/);
    expect(() => loadConfig({ ACADEMY_HOSTING: 'several' })).toThrow(/ACADEMY_HOSTING must be one or many/);
    // The DNS servers an own domain's TXT proof is asked of (issue 55): the system's unless named.
    expect(loadConfig({}).domainCheckDnsServers).toEqual([]);
    expect(loadConfig({ DOMAIN_CHECK_DNS_SERVERS: '127.0.0.1:5353, [::1]:53' }).domainCheckDnsServers).toEqual(['127.0.0.1:5353', '[::1]:53']);
    expect(() => loadConfig({ DOMAIN_CHECK_DNS_SERVERS: 'dns.example.in' })).toThrow(/DOMAIN_CHECK_DNS_SERVERS must be IP addresses/);
    expect(() => loadConfig({ ACADEMY_HOSTING: 'many', BASE_DOMAIN: 'https://academy.example.in' })).toThrow(/BASE_DOMAIN must be a domain name/);
    expect(() => loadConfig({ ACADEMY_HOSTING: 'many', BASE_DOMAIN: 'academy.example.in', PUBLIC_URL: 'https://other.example.in' })).toThrow(/PUBLIC_URL must be the platform's own address/);
  });
});
