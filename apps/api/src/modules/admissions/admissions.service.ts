/**
 * Admissions, one use case a file: reading enquiries (enquiry-reads), a new enquiry from a form or the
 * office (enquiry-intake), the office's changes (enquiry-changes), an enquiry becoming a student
 * (convert-enquiry). This file keeps the names the routes and the tests import.
 */
export { countEnquiries, getEnquiry, listEnquiries } from './enquiry-reads';
export { CONTACT_MAILS_PER_ADDRESS_PER_DAY, createAdmissionEnquiry, createContactEnquiry, createOfficeEnquiry, sendEnquiryConfirmation, type EnquiryConfirmation } from './enquiry-intake';
export { changeEnquiryStatus, deleteEnquiry, ENQUIRY_ALREADY_STUDENT, transitionError, updateEnquiry } from './enquiry-changes';
export { CONVERT_EMAIL_OF_STAFF, convertEnquiry } from './convert-enquiry';
