import fs from 'node:fs';
import { startDnsStandIn } from '../../apps/api/test/dns-stand-in';
import { startProviderStandIns } from '../../apps/api/test/provider-stand-ins';
import { E2E_DNS_RECORDS, E2E_PROVIDERS } from './provider-credentials';

// The end-to-end run's WhatsApp Cloud API and MSG91 (started by playwright.config.ts beside the app):
// the same stand-ins the API tests use, on a fixed loopback port. No test reaches a real provider.
const standIns = await startProviderStandIns(E2E_PROVIDERS, E2E_PROVIDERS.port);
// And the DNS the hosted server asks for own-domain proofs: no record until a spec writes one.
fs.rmSync(E2E_DNS_RECORDS, { force: true });
const dns = await startDnsStandIn({ port: E2E_PROVIDERS.port, recordsFile: E2E_DNS_RECORDS });
console.log(`provider stand-ins at ${standIns.base}, DNS at ${dns.address}`);
const stop = () => void Promise.all([standIns.close(), dns.close()]).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
