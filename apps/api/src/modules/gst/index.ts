/** GST (issue 57): what other modules use — the registration in force on a date and a payment's tax (fees). */
export { invoiceTax, payableWithTax, placeOfSupplyOf, registrationOn, taxOnTopOf, type InvoiceTax } from './tax-settings.service';
