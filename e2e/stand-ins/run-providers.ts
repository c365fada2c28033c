import { startProviderStandIns } from '../../apps/api/test/provider-stand-ins';
import { E2E_PROVIDERS } from './provider-credentials';

// The end-to-end run's WhatsApp Cloud API and MSG91 (started by playwright.config.ts beside the app):
// the same stand-ins the API tests use, on a fixed loopback port. No test reaches a real provider.
const standIns = await startProviderStandIns(E2E_PROVIDERS, E2E_PROVIDERS.port);
console.log(`provider stand-ins at ${standIns.base}`);
const stop = () => void standIns.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
