import { createBatchByApi, createStudentByApi, createTeacherByApi, DEMO_PASSWORD, DEMO_USERS, enrolByApi, expect, hasHorizontalOverflow, shootWidths as shoot, test, uniqueToken } from '../fixtures';

/** A valid GSTIN of Maharashtra (its check character is right) and one with a wrong check character. */
const GSTIN = '27AAPFU0939F1ZV';
const BAD_GSTIN = '27AAPFU0939F1ZA';
/** A company in Karnataka paying for a student (B2B), and the same with a wrong check character. */
const COMPANY_GSTIN = '29AAGCB7383J1Z4';
const BAD_COMPANY_GSTIN = '29AAGCB7383J1Z5';

// Both journeys turn GST on and off for the demo academy: one after the other.
test.describe.configure({ mode: 'serial' });
// Service workers off, as in the main project: each new context would otherwise precache the whole app beside the test.
test.use({ serviceWorkers: 'block' });

/** Today in the academy's time zone, as YYYY-MM-DD. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

test('GST: turned on in Settings → Tax (a bad GSTIN refused), a payment is a tax invoice with CGST and SGST, a sponsor’s GSTIN makes it B2B, prices excluding GST show the tax on the dues, the month or quarter on Fees → GST and its GSTR-1; a teacher gets nothing', async ({ signIn, page, browser }) => {
  test.setTimeout(240_000);
  await signIn('admin');
  const token = uniqueToken('gst');
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com` });
  const batchId = await createBatchByApi(page, { name: `JEE ${token}`, teacher });
  const studentName = `Gst Student ${token}`;
  const studentId = await createStudentByApi(page, { name: studentName, email: `${token}.s@example.com`, password: 'student-pass-2026' });
  await enrolByApi(page, batchId, studentId);
  const plan = await page.request.post('/api/fee-plans', { data: { name: `Plan ${token}`, batch: batchId, amount: 59000, instalments: [{ dueDate: today(), amount: 59000 }] } });
  expect(plan.status()).toBe(201);

  try {
    // Settings → Tax: a GSTIN with a wrong check character is refused in our words; the right one shows its state.
    await page.goto('/app/settings?section=tax');
    const tax = page.getByRole('form', { name: 'Tax' });
    await expect(tax).toBeVisible({ timeout: 30_000 });
    await tax.getByRole('switch', { name: 'Registered for GST' }).check({ force: true });
    await tax.getByRole('textbox', { name: 'GSTIN' }).fill(BAD_GSTIN);
    await tax.getByRole('textbox', { name: 'Legal name' }).fill('Shree Classes LLP');
    await tax.getByRole('textbox', { name: 'Registered address' }).fill('Station Road, Latur 413512');
    await tax.getByRole('button', { name: 'Save tax settings' }).click();
    await expect(tax.getByText('Enter a valid GSTIN: 15 characters')).toBeVisible();
    await tax.getByRole('textbox', { name: 'GSTIN' }).fill(GSTIN.toLowerCase());
    await expect(tax.getByText('State: Maharashtra')).toBeVisible();
    await shoot(page, 'gst-settings');
    await tax.getByRole('button', { name: 'Save tax settings' }).click();
    await expect(page.getByText('Tax settings saved').first()).toBeVisible();
    const saved = (await (await page.request.get('/api/admin/settings/tax')).json()) as { data: { gst: Record<string, unknown> } };
    expect(saved.data.gst).toMatchObject({ registered: true, gstin: GSTIN, legalName: 'Shree Classes LLP', rate: 18, sac: '999293', pricesIncludeTax: true, from: today() });

    // A payment of half the ₹59,000 inclusive plan: a tax invoice with CGST and SGST adding up to the paisa.
    const paid = await page.request.post(`/api/students/${studentId}/payments`, { data: { amount: 29500, date: today(), mode: 'cash' }, headers: { 'idempotency-key': `${token}-one` } });
    expect(paid.status()).toBe(201);
    const receipt = ((await paid.json()) as { data: { number: string; tax: { taxable: number; cgst: number; sgst: number; igst: number; placeOfSupply: string } } }).data;
    expect(receipt.tax).toMatchObject({ taxable: 25000, cgst: 2250, sgst: 2250, igst: 0, placeOfSupply: '27' });

    await page.goto(`/app/students/${studentId}`);
    const fees = page.getByRole('region', { name: 'Fees' });
    const card = fees.getByTestId(`receipt-${receipt.number}`);
    await expect(card.getByTestId('tax-lines')).toHaveText('Tax invoice · taxable ₹25,000 · CGST 9% ₹2,250 · SGST 9% ₹2,250 · place of supply Maharashtra', { timeout: 30_000 });
    await shoot(page, 'gst-ledger');

    // The second half paid by a sponsoring company: its GSTIN (a wrong one refused in our words) makes a B2B invoice.
    await fees.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record payment' });
    await dialog.getByRole('textbox', { name: "Payer's GSTIN" }).fill(BAD_COMPANY_GSTIN);
    await dialog.getByRole('textbox', { name: "Payer's name" }).fill('Bright Tech Pvt Ltd');
    await dialog.getByRole('textbox', { name: "Payer's address" }).fill('MG Road, Bengaluru 560001');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog.getByText('Enter the payer’s GSTIN')).toBeVisible();
    await dialog.getByRole('textbox', { name: "Payer's GSTIN" }).fill(COMPANY_GSTIN);
    await shoot(page, 'gst-payer');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    const ledger = (await (await page.request.get(`/api/students/${studentId}/fees`)).json()) as { data: { payments: { number: string; tax: { payer: { gstin: string } | null; igst: number; placeOfSupply: string } }[] } };
    const b2b = ledger.data.payments.find((payment) => payment.tax?.payer)!;
    expect(b2b.tax).toMatchObject({ payer: { gstin: COMPANY_GSTIN }, placeOfSupply: '29', igst: 4500 });

    // Prices quoted excluding GST: a new taxable plan's due shows base + GST = total; an exempt one (books) shows none.
    expect((await page.request.put('/api/admin/settings/tax', { data: { gst: { registered: true, gstin: GSTIN, legalName: 'Shree Classes LLP', pricesIncludeTax: false } } })).status()).toBe(200);
    const extra = await page.request.post('/api/fee-plans', { data: { name: `Crash course ${token}`, batch: batchId, amount: 10000, instalments: [{ dueDate: today(), amount: 10000 }] } });
    expect(extra.status()).toBe(201);
    const books = await page.request.post('/api/fee-plans', { data: { name: `Books ${token}`, batch: batchId, amount: 3000, taxable: false, instalments: [{ dueDate: today(), amount: 3000 }] } });
    expect(books.status()).toBe(201);
    await page.goto(`/app/students/${studentId}`);
    await expect(fees.getByTestId('ledger-gst')).toHaveText('Fees are quoted excluding GST: balance ₹13,000 + GST 18% ₹1,800 = ₹14,800 to pay.', { timeout: 30_000 });
    await expect(fees.getByTestId('gst-on-top').first()).toHaveText('+ GST ₹1,800 = ₹11,800');
    await shoot(page, 'gst-excluding');
    // The PDF is the tax invoice.
    const pdf = await page.request.get(`/api/receipts/${((await paid.json()) as { data: { _id: string } }).data._id}/pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');

    // Fees → GST: the month's invoice, the totals and GSTR-1 to download.
    await page.goto('/app/fees?tab=gst');
    const row = page.getByTestId(`gst-${receipt.number}`);
    await expect(row).toContainText(studentName, { timeout: 30_000 });
    await expect(row).toContainText('₹29,500');
    await expect(row).toContainText('B2C small');
    await expect(page.getByTestId(`gst-${b2b.number}`)).toContainText('B2B');
    await expect(page.getByTestId(`gst-${b2b.number}`)).toContainText(`Payer GSTIN ${COMPANY_GSTIN}`);
    // The quarter (QRMP filers) holds the same documents.
    await page.getByText('Quarter', { exact: true }).click();
    await expect(page.getByTestId('gst-quarter')).toBeVisible();
    await expect(page.getByTestId(`gst-${b2b.number}`)).toBeVisible({ timeout: 30_000 });
    await page.getByText('Month', { exact: true }).first().click();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    // On a phone the month's table scrolls inside its box; the page itself does not.
    await page.setViewportSize({ width: 360, height: 800 });
    await expect.poll(() => hasHorizontalOverflow(page)).toBe(false);
    await page.setViewportSize({ width: 1280, height: 800 });
    await shoot(page, 'gst-month');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'GSTR-1 JSON' }).click()]);
    const gstr1 = JSON.parse(await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8')) as {
      gstin: string;
      fp: string;
      b2cs: { pos: string; sply_ty: string; txval: number }[];
      b2b: { ctin: string; inv: { inum: string }[] }[];
      hsn: { hsn_b2b: unknown[]; hsn_b2c: unknown[] };
      doc_issue: { doc_det: { doc_num: number; docs: { to: string }[] }[] };
    };
    expect(gstr1.b2b.find((entry) => entry.ctin === COMPANY_GSTIN)?.inv.map((invoice) => invoice.inum)).toContain(b2b.number);
    expect(gstr1.hsn.hsn_b2b.length).toBeGreaterThan(0);
    expect(gstr1.gstin).toBe(GSTIN);
    expect(gstr1.fp).toBe(`${today().slice(5, 7)}${today().slice(0, 4)}`);
    expect(gstr1.b2cs.find((entry) => entry.pos === '27')?.sply_ty).toBe('INTRA');
    expect(gstr1.doc_issue.doc_det[0]!.docs.at(-1)!.to >= receipt.number).toBe(true);
    const xlsx = await page.request.get(`/api/fees/gst/gstr1.xlsx?period=${today().slice(0, 7)}`);
    expect(xlsx.status()).toBe(200);
    expect(xlsx.headers()['content-type']).toContain('spreadsheetml');

    // A teacher gets nothing of it.
    const context = await browser.newContext();
    const teacherPage = await context.newPage();
    expect((await teacherPage.request.post('/api/auth/login', { data: { email: DEMO_USERS.teacher.email, password: DEMO_PASSWORD } })).status()).toBe(200);
    expect((await teacherPage.request.get('/api/admin/settings/tax')).status()).toBe(403);
    expect((await teacherPage.request.get(`/api/fees/gst/gstr1.json?period=${today().slice(0, 7)}`)).status()).toBe(403);
    await teacherPage.goto('/app/fees?tab=gst');
    await expect(teacherPage.getByText(studentName)).toHaveCount(0);
    await context.close();
  } finally {
    // The demo academy goes back to no GST for the other journeys (from today; the invoices made stay).
    expect((await page.request.put('/api/admin/settings/tax', { data: { gst: { registered: false } } })).status()).toBe(200);
  }
});

test('GST place of supply (IGST Act s.12): a Karnataka student in the Latur classroom pays CGST + SGST, an online batch’s student in Karnataka IGST, a Karnataka company IGST with its own address on the invoice', async ({ signIn, page }) => {
  test.setTimeout(240_000);
  await signIn('admin');
  const token = uniqueToken('pos');
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com` });
  const classroomId = await createBatchByApi(page, { name: `Classroom ${token}`, teacher });
  // Another teacher: one teacher cannot take two batches at the same hours.
  const onlineTeacher = await createTeacherByApi(page, { name: `Online Teacher ${token}`, email: `${token}.ot@example.com` });
  const onlineId = await createBatchByApi(page, { name: `Online ${token}`, teacher: onlineTeacher });
  for (const batchId of [classroomId, onlineId]) {
    const plan = await page.request.post('/api/fee-plans', { data: { name: `Plan ${token}`, batch: batchId, amount: 11800, instalments: [{ dueDate: today(), amount: 11800 }] } });
    expect(plan.status()).toBe(201);
  }
  const inClassroom = await createStudentByApi(page, { name: `Kavya Classroom ${token}`, email: `${token}.c@example.com`, password: 'student-pass-2026' });
  const online = await createStudentByApi(page, { name: `Kavya Online ${token}`, email: `${token}.o@example.com`, password: 'student-pass-2026' });
  const sponsored = await createStudentByApi(page, { name: `Sponsored ${token}`, email: `${token}.p@example.com`, password: 'student-pass-2026' });
  await enrolByApi(page, classroomId, inClassroom);
  await enrolByApi(page, onlineId, online);
  await enrolByApi(page, classroomId, sponsored);
  for (const student of [inClassroom, online]) expect((await page.request.put(`/api/students/${student}`, { data: { state: 'Karnataka', address: 'Jayanagar, Bengaluru 560041' } })).status()).toBe(200);
  expect((await page.request.put('/api/admin/settings/tax', { data: { gst: { registered: true, gstin: GSTIN, legalName: 'Shree Classes LLP', address: 'Station Road, Latur 413512' } } })).status()).toBe(200);

  try {
    // The batch form says how a batch is taught; the online one is switched in the browser.
    await page.goto(`/app/batches/${onlineId}/edit`);
    const taught = page.getByRole('combobox', { name: 'Taught' });
    await expect(taught).toHaveValue('In the classroom', { timeout: 30_000 });
    await taught.click();
    await page.getByRole('option', { name: 'Online' }).click();
    await shoot(page, 'gst-batch-delivery');
    await page.getByRole('button', { name: 'Save Batch' }).click();
    await expect(page).toHaveURL(`/app/batches/${onlineId}`);
    await expect(page.getByText('Online', { exact: true })).toBeVisible();
    expect(((await (await page.request.get(`/api/batches/${onlineId}`)).json()) as { data: { delivery: string } }).data.delivery).toBe('online');

    // A Karnataka student taught in the Latur classroom: CGST + SGST, place of supply Maharashtra (s.12(5)(b)).
    const classroomPaid = await page.request.post(`/api/students/${inClassroom}/payments`, { data: { amount: 11800, date: today(), mode: 'cash' }, headers: { 'idempotency-key': `${token}-c` } });
    expect(classroomPaid.status()).toBe(201);
    const classroomReceipt = ((await classroomPaid.json()) as { data: { number: string; tax: Record<string, unknown> } }).data;
    expect(classroomReceipt.tax).toMatchObject({ kind: 'tax-invoice', placeOfSupply: '27', taxable: 10000, cgst: 900, sgst: 900, igst: 0 });
    await page.goto(`/app/students/${inClassroom}`);
    await expect(page.getByTestId(`receipt-${classroomReceipt.number}`).getByTestId('tax-lines')).toHaveText('Tax invoice · taxable ₹10,000 · CGST 9% ₹900 · SGST 9% ₹900 · place of supply Maharashtra', { timeout: 30_000 });

    // The online batch's student in Karnataka, recorded in the browser: IGST, place of supply Karnataka (s.12(2)(b)(i)).
    await page.goto(`/app/students/${online}`);
    const fees = page.getByRole('region', { name: 'Fees' });
    await fees.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record payment' });
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(fees.getByTestId('tax-lines').first()).toHaveText('Tax invoice · taxable ₹10,000 · IGST 18% ₹1,800 · place of supply Karnataka', { timeout: 30_000 });
    await shoot(page, 'gst-online-igst');

    // A company with a Karnataka GSTIN pays for a classroom student: IGST (s.12(5)(a)), the invoice is the company's, with its address.
    await page.goto(`/app/students/${sponsored}`);
    await fees.getByRole('button', { name: 'Record payment' }).click();
    await dialog.getByRole('textbox', { name: "Payer's GSTIN" }).fill(COMPANY_GSTIN);
    await dialog.getByRole('textbox', { name: "Payer's name" }).fill('Bright Tech Pvt Ltd');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog.getByText('Enter the payer’s address')).toBeVisible();
    await dialog.getByRole('textbox', { name: "Payer's address" }).fill('MG Road, Bengaluru 560001');
    await shoot(page, 'gst-payer-address');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(fees.getByTestId('tax-lines').first()).toHaveText('Tax invoice · taxable ₹10,000 · IGST 18% ₹1,800 · place of supply Karnataka', { timeout: 30_000 });
    const ledger = (await (await page.request.get(`/api/students/${sponsored}/fees`)).json()) as { data: { payments: { _id: string; tax: Record<string, unknown> }[] } };
    const b2b = ledger.data.payments[0]!;
    expect(b2b.tax).toMatchObject({ placeOfSupply: '29', igst: 1800, payer: { gstin: COMPANY_GSTIN, name: 'Bright Tech Pvt Ltd', address: 'MG Road, Bengaluru 560001' } });
    const pdf = await page.request.get(`/api/receipts/${b2b._id}/pdf`);
    expect(pdf.status()).toBe(200);
    if (process.env.E2E_SHOTS_DIR) await (await import('node:fs/promises')).writeFile(`${process.env.E2E_SHOTS_DIR}/gst-b2b-invoice.pdf`, await pdf.body());
  } finally {
    expect((await page.request.put('/api/admin/settings/tax', { data: { gst: { registered: false } } })).status()).toBe(200);
  }
});

/** A date `days` from today in the academy's time zone. */
const dayFrom = (days: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('GST documents a CA checks: a registration dated back gets revised invoices on Fees → GST and in GSTR-1; ₹1, ₹1,000.03 and ₹99,999.99 show equal heads; a credit note opens as its own PDF; a deposit takes no invoice number and never reaches GSTR-1', async ({ signIn, page, browser }) => {
  test.setTimeout(300_000);
  await signIn('admin');
  const token = uniqueToken('gstdoc');
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com` });
  const batchId = await createBatchByApi(page, { name: `Docs ${token}`, teacher });
  const plan = async (name: string, amount: number, extra: object = {}) =>
    expect((await page.request.post('/api/fee-plans', { data: { name: `${name} ${token}`, batch: batchId, amount, instalments: [{ dueDate: dayFrom(-5), amount }], ...extra } })).status()).toBe(201);
  await plan('Fees', 101001.02);
  const windowName = `Window Student ${token}`;
  const windowStudent = await createStudentByApi(page, { name: windowName, email: `${token}.w@example.com`, password: 'student-pass-2026' });
  const amounts = await createStudentByApi(page, { name: `Amounts Student ${token}`, email: `${token}.a@example.com`, password: 'student-pass-2026' });
  for (const student of [windowStudent, amounts]) await enrolByApi(page, batchId, student);
  expect((await page.request.put(`/api/students/${amounts}`, { data: { address: 'Shivaji Nagar, Latur 413512' } })).status()).toBe(200);
  const pay = async (student: string, amount: number, date = today()) => {
    const response = await page.request.post(`/api/students/${student}/payments`, { data: { amount, date, mode: 'cash' }, headers: { 'idempotency-key': `${token}-${student}-${amount}-${date}` } });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { data: { _id: string; number: string; tax: Record<string, unknown> | null } }).data;
  };
  // Paid two days ago while the academy did not charge GST: a plain receipt.
  const plainReceipt = await pay(windowStudent, 11800, dayFrom(-2));
  expect(plainReceipt.tax).toBeNull();

  try {
    // The certificate says the registration is effective from three days ago (saved so), and the academy charges GST from then on.
    const gst = { registered: true, gstin: GSTIN, legalName: 'Shree Classes LLP', address: 'Station Road, Latur 413512', pricesIncludeTax: true };
    expect((await page.request.put('/api/admin/settings/tax', { data: { gst: { ...gst, from: dayFrom(-3) } } })).status()).toBe(200);
    // Earlier journeys of this run saved "no GST from today": today's row is saved again as registered.
    expect((await page.request.put('/api/admin/settings/tax', { data: { gst } })).status()).toBe(200);

    // Awkward amounts: CGST = SGST and the parts make the amount to the paisa, as the ledger shows them.
    const one = await pay(amounts, 1);
    const thousand = await pay(amounts, 1000.03);
    const large = await pay(amounts, 99999.99);
    await page.goto(`/app/students/${amounts}`);
    const fees = page.getByRole('region', { name: 'Fees' });
    const lines = (receipt: { number: string }) => fees.getByTestId(`receipt-${receipt.number}`).getByTestId('tax-lines');
    await expect(lines(one)).toHaveText('Tax invoice · taxable ₹0.84 · CGST 9% ₹0.08 · SGST 9% ₹0.08 · place of supply Maharashtra', { timeout: 30_000 });
    await expect(lines(thousand)).toHaveText('Tax invoice · taxable ₹847.49 · CGST 9% ₹76.27 · SGST 9% ₹76.27 · place of supply Maharashtra');
    await expect(lines(large)).toHaveText('Tax invoice · taxable ₹84,745.75 · CGST 9% ₹7,627.12 · SGST 9% ₹7,627.12 · place of supply Maharashtra');

    // A cancelled tax invoice gets a credit note, which opens as its own PDF.
    expect((await page.request.post(`/api/receipts/${one._id}/cancel`, { data: { reason: 'Typed twice' } })).status()).toBe(200);
    await page.reload();
    const creditLink = fees.getByTestId(`receipt-${one.number}`).getByRole('link', { name: 'Credit note PDF' });
    await expect(creditLink).toBeVisible({ timeout: 30_000 });
    const creditHref = (await creditLink.getAttribute('href'))!;
    expect(creditHref).toMatch(/\/api\/fees\/credit-notes\/CN%2F\d{4}-\d{2}%2F\d{4}\.pdf$/);
    const creditPdf = await page.request.get(creditHref);
    expect(creditPdf.status()).toBe(200);
    expect(creditPdf.headers()['content-type']).toContain('application/pdf');

    // A refundable deposit alone is no supply: a deposit receipt (DR/…), no tax invoice number, nothing in GSTR-1.
    const depositor = await createStudentByApi(page, { name: `Deposit Student ${token}`, email: `${token}.d@example.com`, password: 'student-pass-2026' });
    const depositBatch = await createBatchByApi(page, { name: `Library ${token}`, teacher: await createTeacherByApi(page, { name: `Librarian ${token}`, email: `${token}.l@example.com` }) });
    await enrolByApi(page, depositBatch, depositor);
    expect((await page.request.post('/api/fee-plans', { data: { name: `Library deposit ${token}`, batch: depositBatch, amount: 2000, deposit: true, instalments: [{ dueDate: today(), amount: 2000 }] } })).status()).toBe(201);
    const deposit = await pay(depositor, 2000);
    expect(deposit.tax).toBeNull();
    expect(deposit.number).toMatch(/^DR\/\d{4}-\d{2}\/\d{4}$/);

    // Fees → GST: the certificate's date shows the window's payments and what each revised invoice will say.
    await page.goto('/app/fees?tab=gst');
    const certificate = page.getByLabel('Date of the registration certificate');
    await expect(certificate).toBeVisible({ timeout: 30_000 });
    // A certificate after today is refused in the API's words.
    await certificate.fill(dayFrom(1));
    await expect(page.getByText('Enter the date the GST registration certificate was issued as YYYY-MM-DD, not after today')).toBeVisible({ timeout: 30_000 });
    await certificate.fill(dayFrom(-1));
    const row = page.getByTestId(`revise-${plainReceipt.number}`);
    await expect(row).toContainText(windowName, { timeout: 30_000 });
    await expect(row).toContainText('₹10,000');
    await expect(row).toContainText('₹1,800');
    await expect(row).toContainText('Maharashtra');
    const preview = ((await (await page.request.get(`/api/fees/gst/revised-invoices?certificateDate=${dayFrom(-1)}`)).json()) as { data: { lastDate: string; invoices: unknown[] } }).data;
    expect(preview.lastDate > today()).toBe(true);
    await expect(page.getByTestId('revised-last-date')).toContainText('may be issued until');
    await shoot(page, 'gst-revised-preview');
    const phone = await browser.newContext({ storageState: await page.context().storageState(), viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
    const phonePage = await phone.newPage();
    await phonePage.goto('/app/fees?tab=gst');
    await phonePage.getByLabel('Date of the registration certificate').fill(dayFrom(-1));
    await expect(phonePage.getByTestId(`revise-${plainReceipt.number}`)).toBeVisible({ timeout: 30_000 });
    expect(await hasHorizontalOverflow(phonePage)).toBe(false);
    if (process.env.E2E_SHOTS_DIR) await phonePage.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/gst-revised-phone.png`, fullPage: true });
    await phone.close();

    await page.getByRole('button', { name: 'Issue revised invoices' }).click();
    const count = preview.invoices.length;
    const confirm = page.getByRole('dialog', { name: 'Issue revised invoices' });
    await expect(confirm).toContainText(count === 1 ? 'Issue 1 revised invoice' : `Issue ${count} revised invoices`);
    await confirm.getByRole('button', { name: 'Issue', exact: true }).click();
    const issued = page.getByTestId('revised-issued');
    await expect(issued).toContainText(`revises receipt ${plainReceipt.number}`, { timeout: 30_000 });
    await expect(page.getByText('No payments to revise')).toBeVisible();
    await shoot(page, 'gst-revised-issued');
    const payments = ((await (await page.request.get(`/api/students/${windowStudent}/fees`)).json()) as { data: { payments: { _id: string; tax: { kind: string; number: string; taxable: number; cgst: number; sgst: number } | null }[] } }).data.payments;
    const revised = payments.find((payment) => payment._id === plainReceipt._id)!.tax!;
    expect(revised).toMatchObject({ kind: 'revised-invoice', taxable: 10000, cgst: 900, sgst: 900 });
    expect(revised.number).toMatch(/^RI\/\d{4}-\d{2}\/\d{4}$/);
    await expect(issued).toContainText(revised.number);
    const revisedPdf = await page.request.get((await issued.getByRole('link', { name: 'PDF' }).first().getAttribute('href'))!);
    expect(revisedPdf.headers()['content-type']).toContain('application/pdf');
    // This month's documents list the revised invoice naming its receipt; the deposit is not among them.
    const documentRow = page.getByTestId(`gst-${revised.number}`);
    await expect(documentRow).toContainText('Revised invoice');
    await expect(documentRow).toContainText(`Revises receipt ${plainReceipt.number}`);
    await expect(page.getByTestId(`gst-${deposit.number}`)).toHaveCount(0);

    // GSTR-1 lists the revised invoice in Table 13 as "Revised Invoice" (3); the deposit is nowhere in it.
    const gstr1Response = await page.request.get(`/api/fees/gst/gstr1.json?period=${today().slice(0, 7)}`);
    const gstr1Text = await gstr1Response.text();
    const gstr1 = JSON.parse(gstr1Text) as { doc_issue: { doc_det: { doc_num: number; docs: { from: string; to: string }[] }[] } };
    const revisedSeries = gstr1.doc_issue.doc_det.find((entry) => entry.doc_num === 3)!;
    expect(revisedSeries.docs.some((doc) => doc.from <= revised.number && revised.number <= doc.to)).toBe(true);
    expect(gstr1Text).not.toContain(deposit.number);
  } finally {
    expect((await page.request.put('/api/admin/settings/tax', { data: { gst: { registered: false } } })).status()).toBe(200);
  }
});

test('Instalments invoiced on their due dates (CGST s.31(5)): the due shows its invoice’s number, its PDF opens, Fees → Dues shows it too, and on a phone the office cancels it with a credit note', async ({ signIn, page, browser }) => {
  test.setTimeout(240_000);
  await signIn('admin');
  const token = uniqueToken('inst');
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com` });
  const batchId = await createBatchByApi(page, { name: `Instalments ${token}`, teacher });
  const studentName = `Instalment Student ${token}`;
  const studentId = await createStudentByApi(page, { name: studentName, email: `${token}.s@example.com`, password: 'student-pass-2026' });
  // Registered, invoicing each instalment on its due date (the default), prices excluding GST: ₹10,000 + 18 %.
  expect((await page.request.put('/api/admin/settings/tax', { data: { gst: { registered: true, gstin: GSTIN, legalName: 'Shree Classes LLP', address: 'Station Road, Latur 413512', pricesIncludeTax: false, instalmentInvoicing: 'due-date' } } })).status()).toBe(200);

  try {
    expect((await page.request.post('/api/fee-plans', { data: { name: `Term ${token}`, batch: batchId, amount: 10000, instalments: [{ dueDate: today(), amount: 10000 }] } })).status()).toBe(201);
    await enrolByApi(page, batchId, studentId);
    // The hourly job's run, as the office's "issue now" does it.
    const issued = await page.request.post('/api/fees/due-invoices/issue');
    expect(issued.status(), await issued.text()).toBe(200);
    const due = ((await (await page.request.get(`/api/students/${studentId}/fees`)).json()) as { data: { dues: { invoice: { _id: string; number: string; amount: number } | null }[] } }).data.dues[0]!;
    const invoice = due.invoice!;
    expect(invoice).toMatchObject({ amount: 11800 });

    // The student's page: the due names its tax invoice, its PDF opens, and it owes what is left on it.
    await page.goto(`/app/students/${studentId}`);
    const fees = page.getByRole('region', { name: 'Fees' });
    const line = fees.getByTestId(`due-invoice-${invoice.number}`);
    await expect(line).toContainText(`Tax invoice ${invoice.number}`, { timeout: 30_000 });
    await expect(fees.getByTestId('gst-on-top').first()).toHaveText('+ GST ₹1,800 = ₹11,800');
    const pdf = await page.request.get((await line.getByRole('link', { name: `Invoice ${invoice.number}` }).getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await shoot(page, 'gst-due-invoice');
    // Fees → Dues shows the same invoice on the due's row.
    await page.goto('/app/fees');
    await page.getByText('All unpaid', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Student' }).fill(studentName);
    await expect(page.getByTestId(`due-invoice-${invoice.number}`)).toBeVisible({ timeout: 30_000 });
    await shoot(page, 'gst-dues-invoice');

    // On a phone: the due's card shows the invoice; "Cancel invoice" asks for a reason, then a credit note reverses it.
    const phone = await browser.newContext({ storageState: await page.context().storageState(), viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
    const phonePage = await phone.newPage();
    await phonePage.goto(`/app/students/${studentId}`);
    const card = phonePage.getByTestId(`due-invoice-${invoice.number}`);
    await expect(card).toContainText(`Tax invoice ${invoice.number}`, { timeout: 30_000 });
    expect(await hasHorizontalOverflow(phonePage)).toBe(false);
    if (process.env.E2E_SHOTS_DIR) await phonePage.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/gst-due-invoice-phone.png`, fullPage: true });
    await card.getByRole('button', { name: `Cancel invoice ${invoice.number}` }).tap();
    const dialog = phonePage.getByRole('dialog', { name: `Cancel invoice ${invoice.number}` });
    await expect(dialog).toContainText('A credit note reverses this invoice');
    // Without a reason it is refused in our words; with one, it is done.
    await dialog.getByRole('button', { name: 'Cancel invoice' }).tap();
    await expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Sibling concession agreed');
    if (process.env.E2E_SHOTS_DIR) await phonePage.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/gst-due-invoice-cancel-phone.png` });
    await dialog.getByRole('button', { name: 'Cancel invoice' }).tap();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(phonePage.getByText('Invoice cancelled').first()).toBeVisible();
    await expect(phonePage.getByTestId(`due-invoice-${invoice.number}`)).toHaveCount(0);
    await phone.close();
    const after = ((await (await page.request.get(`/api/students/${studentId}/fees`)).json()) as { data: { dues: { invoice: unknown }[] } }).data.dues[0]!;
    expect(after.invoice).toBeNull();
  } finally {
    expect((await page.request.put('/api/admin/settings/tax', { data: { gst: { registered: false } } })).status()).toBe(200);
  }
});
