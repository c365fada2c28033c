/** A UPI transaction ID kept on one line (issue 54: it wrapped mid-number on a phone, and a family reads it digit by digit). */
export function Utr({ value }: { value: string }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{value}</span>;
}
