import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { extractUtr, parseBankStatement, readStatementRows, StatementFormatError, type StatementColumnMapping } from './bank-statement';

const csv = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');

async function readCsv(lines: string[], mapping?: StatementColumnMapping) {
  return parseBankStatement(await readStatementRows(csv(lines), 'statement.csv'), mapping);
}

/** The StatementFormatError a promise rejects with (fails the test for any other outcome). */
async function formatError(action: () => Promise<unknown>): Promise<StatementFormatError> {
  const error: unknown = await action().then(
    () => new Error('expected a StatementFormatError'),
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(StatementFormatError);
  return error as StatementFormatError;
}

const HDFC_HEADER = '  Date  ,Narration  ,  Chq./Ref.No.  ,Value Dt ,Withdrawal Amt. ,Deposit Amt. ,Closing Balance ';

describe('HDFC statements', () => {
  it('reads the credits of a CSV with a preamble, padded cells, a debit and a footer', async () => {
    const statement = await readCsv([
      'HDFC BANK Ltd.,,,,,,',
      'MR AARAV ACADEMY OF SCIENCE,,,,,,',
      '"SHOP 4, SHIVAJI NAGAR",,,,,,',
      '"PUNE 411005",,,,,,',
      'Statement From  : 01/11/26  To : 30/11/26,,,,,,',
      '',
      HDFC_HEADER,
      '**********,**********,**********,**********,**********,**********,**********',
      ' 03/11/26 , UPI-AARAV PATIL-aarav.patil@okaxis-SBIN0001234-412345678901-FEES LAT26-0042-I2 , 0000412345678901 , 03/11/26 ,  , "6,000.00" , "56,000.00" ',
      ' 04/11/26 , NEFT DR-SBIN0000123-ELECTRICITY BOARD , 0000000000000000 , 04/11/26 , "1,500.00" ,  , "54,500.00" ',
      ' 05/11/26 , UPI-SUNITA MORE-9822012345@ybl-HDFC0000123-523456789012-PAYMENT FROM PHONE , 0000523456789012 , 05/11/26 ,  , "1,25,000.50" , "1,79,500.50" ',
      '**********,**********,**********,**********,**********,**********,**********',
      'STATEMENT SUMMARY  :-,,,,,,',
      'Opening Balance,Dr Count,Cr Count,Debits,Credits,Closing Bal,',
      '"50,000.00",1,2,"1,500.00","1,31,000.50","1,79,500.50",',
      '**Computer generated statement and does not require signature.,,,,,,',
    ]);
    expect(statement.layout).toBe('hdfc');
    expect(statement.debitCount).toBe(1);
    expect(statement.headers).toEqual(['Date', 'Narration', 'Chq./Ref.No.', 'Value Dt', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance']);
    expect(statement.credits).toEqual([
      {
        row: 9,
        date: '2026-11-03',
        amountPaise: 600000,
        narration: 'UPI-AARAV PATIL-aarav.patil@okaxis-SBIN0001234-412345678901-FEES LAT26-0042-I2',
        bankReference: '0000412345678901',
        utr: '412345678901',
      },
      {
        row: 11,
        date: '2026-11-05',
        amountPaise: 12500050,
        narration: 'UPI-SUNITA MORE-9822012345@ybl-HDFC0000123-523456789012-PAYMENT FROM PHONE',
        bankReference: '0000523456789012',
        utr: '523456789012',
      },
    ]);
  });

  it('reads HDFC\'s "delimited" download, whose columns are named differently', async () => {
    const statement = await readCsv([
      ' Date     ,Narration   ,Value Dat,Debit Amount       ,Credit Amount      ,Chq/Ref Number   ,Closing Balance',
      ' 03/11/26 ,NEFT CR-ICIC0000001-RAHUL JOSHI ,03/11/26 ,0.00 ,3000.00 ,N307261234567890 ,53000.00',
    ]);
    expect(statement.layout).toBe('hdfc');
    expect(statement.credits).toMatchObject([{ row: 2, amountPaise: 300000, bankReference: 'N307261234567890', utr: null }]);
  });

  it('passes over a balance brought forward, dated or not', async () => {
    const statement = await readCsv([
      HDFC_HEADER,
      ',OPENING BALANCE B/F,,,,,"50,000.00"',
      '01/11/26,Opening Balance,,01/11/26,,,"50,000.00"',
      '03/11/26,UPI-A-a@okaxis-412345678901-FEES,,03/11/26,,500.00,"50,500.00"',
    ]);
    expect(statement.credits).toMatchObject([{ row: 4, amountPaise: 50000 }]);
    expect(statement.debitCount).toBe(0);
  });

  it('ends the table at a blank row', async () => {
    const statement = await readCsv([HDFC_HEADER, '03/11/26,UPI-A-a@okaxis-412345678901-FEES,,03/11/26,,500.00,500.00', ',,,,,,', 'not a row of the table,,,,,,']);
    expect(statement.credits).toHaveLength(1);
  });
});

describe('SBI statements', () => {
  it('reads "3 Nov 2026" dates and blank debit cells', async () => {
    const statement = await readCsv([
      'Account Name       :,MR AARAV ACADEMY',
      'Address            :,"SHOP 4, SHIVAJI NAGAR, PUNE"',
      'Account Number     :,_00000012345678901',
      'Start Date         :,1 Nov 2026',
      '',
      'Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance',
      '3 Nov 2026,3 Nov 2026,BY TRANSFER-UPI/CR/412345678901/AARAV PA/SBIN/aarav.patil/Fees LAT,TRANSFER FROM 4897691162093, ,"6,000.00","56,000.00"',
      '4 Nov 2026,4 Nov 2026,TO TRANSFER-UPI/DR/612345678901/MSEDCL/YESB/msedcl@ybl/Bill,TRANSFER TO 4897691162093,"1,200.00", ,"54,800.00"',
      '12 Nov 2026,12 Nov 2026,BY TRANSFER-UPI/CR/523456789012/SUNITA M/HDFC/9822012345/Fees,TRANSFER FROM 4897691162093,,3500,"58,300.00"',
      '**This is a computer generated statement and does not require a signature',
    ]);
    expect(statement.layout).toBe('sbi');
    expect(statement.debitCount).toBe(1);
    expect(statement.credits).toEqual([
      {
        row: 7,
        date: '2026-11-03',
        amountPaise: 600000,
        narration: 'BY TRANSFER-UPI/CR/412345678901/AARAV PA/SBIN/aarav.patil/Fees LAT',
        bankReference: 'TRANSFER FROM 4897691162093',
        utr: '412345678901',
      },
      {
        row: 9,
        date: '2026-11-12',
        amountPaise: 350000,
        narration: 'BY TRANSFER-UPI/CR/523456789012/SUNITA M/HDFC/9822012345/Fees',
        bankReference: 'TRANSFER FROM 4897691162093',
        utr: '523456789012',
      },
    ]);
  });
});

describe('ICICI statements', () => {
  it('reads an XLSX with Date cells, numeric cells, rich text and formulas', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Empty');
    const sheet = workbook.addWorksheet('OpTransactionHistory');
    // ICICI leaves column A empty and puts account details above the table.
    sheet.getCell('B2').value = 'DETAILED STATEMENT';
    sheet.mergeCells('B2:E2');
    sheet.getCell('B4').value = 'Account Number';
    sheet.getCell('C4').value = '123405001234 ( INR ) - MR AARAV ACADEMY';
    sheet.getRow(6).values = ['', 'S No.', 'Value Date', 'Transaction Date', 'Cheque Number', 'Transaction Remarks', 'Withdrawal Amount (INR )', 'Deposit Amount (INR )', 'Balance (INR )'];
    const day = (date: number) => new Date(Date.UTC(2026, 10, date));
    sheet.getRow(7).values = ['', 1, day(3), day(3), '-', 'UPI/412345678901/Fees LAT26-0042-I2/aarav.patil@okax/State Bank Of I/ICI1a2b3c', 0, 6000, 56000];
    sheet.getRow(8).values = ['', 2, day(4), day(4), '-', 'UPI/612345678901/Bill/msedcl@ybl/Yes Bank/ICI9z8y7x', 1200.25, 0, { formula: 'I7-G8', result: 54799.75 }];
    sheet.getRow(9).values = ['', 3, day(5), '05/11/2026', 845123, { richText: [{ text: 'CHQ DEP/845123/' }, { text: 'RAHUL JOSHI', font: { bold: true } }] }, 0, 2500.5, 57300.25];
    const file = Buffer.from(await workbook.xlsx.writeBuffer());

    const rows = await readStatementRows(file, 'OpTransactionHistory.xlsx');
    expect(rows[6]).toEqual(['', '1', '2026-11-03', '2026-11-03', '-', 'UPI/412345678901/Fees LAT26-0042-I2/aarav.patil@okax/State Bank Of I/ICI1a2b3c', '0', '6000', '56000']);
    const statement = parseBankStatement(rows);
    expect(statement.layout).toBe('icici');
    expect(statement.debitCount).toBe(1);
    expect(statement.credits).toEqual([
      {
        row: 7,
        date: '2026-11-03',
        amountPaise: 600000,
        narration: 'UPI/412345678901/Fees LAT26-0042-I2/aarav.patil@okax/State Bank Of I/ICI1a2b3c',
        bankReference: '-',
        utr: '412345678901',
      },
      { row: 9, date: '2026-11-05', amountPaise: 250050, narration: 'CHQ DEP/845123/RAHUL JOSHI', bankReference: '845123', utr: null },
    ]);
  });
});

describe('mapped and unknown layouts', () => {
  const kotak = [
    'Account Statement,,,,,,',
    'Sl. No.,Txn Date,Particulars,Cheque/Ref,Withdrawals,Deposits,Balance',
    '1,03-11-2026,UPI/AARAV PATIL/412345678901/Fees,UPI-412345678901,,"₹ 6,000.00","56,000.00 Cr"',
    '2,04-11-2026,ATM WDL/PUNE,ATM-4431,"2,000.00",,"54,000.00 Cr"',
    '3,05-Nov-2026,NEFT/RAHUL JOSHI,0000,,6000 Cr,"60,000.00 Cr"',
  ];
  const mapping = { date: 'Txn Date', narration: 'Particulars', reference: 'Cheque/Ref', credit: 'Deposits' };

  it('reads the columns a saved mapping names', async () => {
    const statement = await readCsv(kotak, mapping);
    expect(statement.layout).toBe('mapped');
    expect(statement.debitCount).toBe(1);
    expect(statement.credits).toEqual([
      { row: 3, date: '2026-11-03', amountPaise: 600000, narration: 'UPI/AARAV PATIL/412345678901/Fees', bankReference: 'UPI-412345678901', utr: '412345678901' },
      { row: 5, date: '2026-11-05', amountPaise: 600000, narration: 'NEFT/RAHUL JOSHI', bankReference: null, utr: null },
    ]);
  });

  it('lets a mapping win over a known layout, and takes a mapping without a reference column', async () => {
    const statement = await readCsv([HDFC_HEADER, '03/11/26,UPI-A-a@okaxis-412345678901-FEES,0000412345678901,03/11/26,,500.00,500.00'], {
      date: 'Value Dt',
      narration: 'narration',
      reference: null,
      credit: 'Deposit Amt',
    });
    expect(statement.layout).toBe('mapped');
    expect(statement.credits).toMatchObject([{ bankReference: null, utr: '412345678901' }]);
  });

  it('refuses columns it does not know, carrying the header cells to map', async () => {
    const error = await formatError(() => readCsv(kotak));
    expect(error.message).toBe('The columns of this statement are not recognised: choose which column holds the date, the narration, the reference and the credit amount');
    expect(error.headers).toEqual(['Sl. No.', 'Txn Date', 'Particulars', 'Cheque/Ref', 'Withdrawals', 'Deposits', 'Balance']);
  });
});

describe('cells', () => {
  const sbiRow = (date: string, debit: string, credit: string) => `${date},${date},BY TRANSFER-UPI/CR/412345678901/A/SBIN/a/Fees,,${debit},${credit},100.00`;
  const sbi = (...lines: string[]) => readCsv(['Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance', ...lines]);

  it('reads every date form the banks write', async () => {
    const dates = ['03/11/26', '03/11/2026', '03-11-2026', '03-11-26', '3 Nov 2026', '03-Nov-2026', '03 Nov 26', '2026-11-03', '3 November 2026'];
    const statement = await sbi(...dates.map((date) => sbiRow(date, '', '1.00')));
    expect(statement.credits.map((credit) => credit.date)).toEqual(dates.map(() => '2026-11-03'));
  });

  it('reads every amount form as whole paise', async () => {
    const amounts = ['"6,000.00"', '6000', '"₹ 6,000.00"', '"6,000.00 Cr"', '"1,25,000.50"', '0.5', 'Rs. 75.05'];
    const statement = await sbi(...amounts.map((amount) => sbiRow('03/11/26', '-', amount)));
    expect(statement.credits.map((credit) => credit.amountPaise)).toEqual([600000, 600000, 600000, 600000, 12500050, 50, 7505]);
  });

  it('names the row of a date that is not a date', async () => {
    const error = await formatError(() => sbi(sbiRow('03/11/26', '', '1.00'), sbiRow('31/02/26', '', '1.00')));
    expect(error.message).toBe('Row 3: the date "31/02/26" is not a date');
  });

  it('names the row of an amount that is not an amount, or negative', async () => {
    expect((await formatError(() => sbi(sbiRow('03/11/26', '', '"6,0O0.00"')))).message).toBe('Row 2: the credit amount "6,0O0.00" is not an amount');
    expect((await formatError(() => sbi(sbiRow('03/11/26', '', '-500.00')))).message).toBe('Row 2: the credit amount "-500.00" is negative');
    expect((await formatError(() => sbi(sbiRow('03/11/26', '5.00', '6.00')))).message).toBe('Row 2: it has both a debit and a credit amount');
    expect((await formatError(() => sbi(sbiRow('03/11/26', '0.00', ' ')))).message).toBe('Row 2: it has neither a debit nor a credit amount');
  });
});

describe('reading files', () => {
  it('refuses an old .xls file and a file that is not a statement', async () => {
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect((await formatError(() => readStatementRows(xls, 'Acct_Statement.xls'))).message).toBe('Save the statement as CSV or Excel (.xlsx) first: the old .xls format is not read');
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n%'), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]), Buffer.from('\n1 0 obj\n<< /Type /Catalog >>\nendobj\n')]);
    expect((await formatError(() => readStatementRows(pdf, 'statement.pdf'))).message).toBe('This file is not a CSV or Excel (.xlsx) statement');
    expect((await formatError(() => readStatementRows(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 0, 0, 9]), 'statement.xlsx'))).message).toBe(
      'This file is not a CSV or Excel (.xlsx) statement',
    );
    expect((await formatError(() => readStatementRows(Buffer.from([7, 0, 255, 3, 0, 1]), 'statement.xlsx'))).message).toBe('This file is not a CSV or Excel (.xlsx) statement');
    expect((await formatError(() => readStatementRows(Buffer.from('\r\n,,,\r\n'), 'statement.csv'))).message).toBe('This statement file is empty');
  });

  it('strips the byte order mark and reads semicolon and tab separated files', async () => {
    const rows = [['Txn Date', 'Description', 'Credit'], ['03/11/26', 'UPI/CR/412345678901', '6,000.00']];
    expect(await readStatementRows(Buffer.from(`\uFEFF${rows.map((row) => row.join(';')).join('\n')}`), 'statement.csv')).toEqual(rows);
    expect(await readStatementRows(Buffer.from(rows.map((row) => row.join('\t')).join('\n')), 'statement.txt')).toEqual(rows);
  });

  it('refuses more than 20,000 rows', async () => {
    const file = Buffer.from('03/11/26,UPI,1.00\n'.repeat(20_001));
    expect((await formatError(() => readStatementRows(file, 'statement.csv'))).message).toMatch(/more than 20,000 rows/);
  });
});

describe('extractUtr', () => {
  it.each([
    ['UPI-AARAV PATIL-aarav.patil@okaxis-SBIN0001234-412345678901-FEES LAT26-0042-I2', '412345678901'],
    ['UPI-SUNITA MORE-9822012345@ybl-HDFC0000123-523456789012-PAYMENT FROM PHONE', '523456789012'],
    ['BY TRANSFER-UPI/CR/412345678901/AARAV PA/SBIN/aarav.patil/Fees LAT', '412345678901'],
    ['UPI/412345678901/Fees LAT26-0042-I2/aarav.patil@okax/State Bank Of I/ICI...', '412345678901'],
  ])('finds the UPI transaction id in the narrations of the three banks: %s', (narration, utr) => {
    expect(extractUtr(narration)).toBe(utr);
  });

  it.each([
    ['0000412345678901', '412345678901'],
    ['0000000000000000', null],
  ])('reads a reference zero-padded to 16 digits: %s', (reference, utr) => {
    expect(extractUtr(reference)).toBe(utr);
  });

  it.each(['9822012345', 'NEFT-12345678901234-RAHUL', '12345678901234', ''])('takes no mobile number or part of a longer run of digits: %j', (narration) => {
    expect(extractUtr(narration)).toBeNull();
  });
});

describe('extractUtr, however the UTR was spelt (issue 53)', () => {
  it.each([
    ['UTR:611100000001', '611100000001'],
    ['611100000001.', '611100000001'],
    ['Ref. (611100000001)', '611100000001'],
    ['AB611100000001', null],
    ['6111000000012', null],
  ])('reads the 12 digits after a colon or before a full stop, and not inside a longer word: %s', (narration, utr) => {
    expect(extractUtr(narration)).toBe(utr);
  });
});
