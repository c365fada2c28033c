import { academyDay, createBatchByApi, createTeacherByApi, enrolByApi, expect, hasHorizontalOverflow, test, uniqueToken, waitForMailLink } from '../fixtures';

/*
 * Issue 54, point 6: a fee reminder's pay link carries the reader's language (/mr/pay/…), and the server
 * answers it with the page itself: a Marathi mother on a phone without JavaScript (or before the app's
 * code arrives on slow data) sees the amount, the Pay button and the QR code in Marathi. A broken link
 * says what to do, in Marathi too.
 */
const shots = process.env.E2E_SHOTS_DIR;

test('a Marathi family’s pay link opens in Marathi as the server’s HTML, with JavaScript off; a broken one says what to do', async ({ page, browser, baseURL, loginAs }) => {
  test.setTimeout(120_000);
  const token = uniqueToken('mrpay');
  await loginAs('admin');
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com`, password: 'teacher-pass-2026' });
  const batch = await createBatchByApi(page, { name: `Pay batch ${token}`, teacher });
  const standard = ((await (await page.request.get('/api/standards')).json()) as { data: { _id: string }[] }).data[0]!._id;
  const created = await page.request.post('/api/students', { data: { name: `Sai ${token}`, password: 'student-pass-2026', standard } });
  expect(created.status()).toBe(201);
  const studentId = ((await created.json()) as { data: { _id: string } }).data._id;
  await enrolByApi(page, batch, studentId);
  expect((await page.request.post('/api/fee-plans', { data: { name: 'Term fees', batch, amount: 6000, instalments: [{ dueDate: academyDay(-5), amount: 6000 }] } })).status()).toBe(201);
  const parentEmail = `${token}.p@example.com`;
  expect((await page.request.post(`/api/students/${studentId}/parents`, { data: { name: `Aai ${token}`, email: parentEmail, relation: 'mother', language: 'mr', password: 'parent-pass-2026' } })).status()).toBe(201);

  const since = Date.now();
  const dues = ((await (await page.request.get(`/api/fees/dues?search=${encodeURIComponent(`Sai ${token}`)}`)).json()) as { data: { dues: { _id: string }[] } }).data.dues;
  expect((await page.request.post('/api/fees/reminders', { data: { dueIds: dues.map((due) => due._id) } })).status()).toBe(200);
  // The reminder (in Marathi) carries the Marathi pay link.
  const link = await waitForMailLink(parentEmail, '/mr/pay/', since, 60_000);

  // Her phone, signed in nowhere, without JavaScript: everything she needs is in the server's answer.
  const phone = await browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, javaScriptEnabled: false, baseURL });
  try {
    const mother = await phone.newPage();
    const answer = await mother.goto(link.pathname);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['cache-control']).toBe('no-store');
    await expect(mother.locator('html')).toHaveAttribute('lang', 'mr');
    await expect(mother.getByRole('heading', { name: 'फी भरा' })).toBeVisible();
    await expect(mother.getByText(`Sai ${token} यांची फी. भरायची बाकी: ₹6,000.`)).toBeVisible();
    const due = mother.getByTestId('upi-due');
    await expect(due).toContainText('Term fees');
    await expect(due).toContainText('थकीत');
    const pay = due.getByRole('link', { name: 'UPI ने ₹6,000 भरा' });
    // A touch screen: the button that opens the UPI app; the QR code one tap away.
    await expect(pay).toBeVisible();
    expect(((await pay.getAttribute('href')) ?? '').startsWith('upi://pay?pa=')).toBe(true);
    await due.getByText('QR कोड दाखवा').click();
    const qr = due.getByRole('img', { name: 'UPI ने ₹6,000 भरण्यासाठी QR कोड' });
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    // After paying: how to tell the office ("I have paid" in the app), with the way to sign in in Marathi.
    await expect(mother.getByText('मी पैसे भरले')).toBeVisible();
    await expect(mother.getByRole('link', { name: 'लॉगिन करा' })).toHaveAttribute('href', '/mr/login');
    // No app code on this page: nothing to download before it can be used.
    expect(await mother.locator('script').count()).toBe(0);
    expect(await hasHorizontalOverflow(mother)).toBe(false);
    // Not a full-page picture: taking one resets the phone's emulation for a moment (a computer's page).
    if (shots) await mother.screenshot({ path: `${shots}/pay-link-mr-360.png` });

    // The same link in English, one tap away.
    await mother.getByRole('link', { name: 'English' }).click();
    await expect(mother.getByRole('heading', { name: 'Pay the fees' })).toBeVisible();
    await expect(mother.getByText('Left to pay: ₹6,000.')).toBeVisible();

    // A link cut short in a forwarded message: a clear page in Marathi, not an error.
    const broken = await mother.goto(`${link.pathname.slice(0, -3)}`);
    expect(broken?.status()).toBe(404);
    await expect(mother.getByRole('alert')).toContainText('ही पेमेंट लिंक जुनी झाली आहे किंवा चुकीची आहे.');
    if (shots) await mother.screenshot({ path: `${shots}/pay-link-mr-broken-360.png` });
  } finally {
    await phone.close();
  }

  // On a computer (the test's own 1280 px window), in English: the QR code at once, no Pay button (no UPI app there).
  await page.context().clearCookies();
  await page.goto(link.pathname.replace(/^\/mr/, ''));
  const due = page.getByTestId('upi-due');
  await expect(due.getByRole('img', { name: 'QR code to pay ₹6,000 by UPI' })).toBeVisible();
  await expect(due.getByRole('link', { name: 'Pay ₹6,000 by UPI' })).toBeHidden();
  if (shots) await page.screenshot({ path: `${shots}/pay-link-en-1280.png`, fullPage: true });
});
