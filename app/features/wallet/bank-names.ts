// Paystack's bank list keeps a few misspellings of its own ("Petra Mircofinance Bank Plc"): a musician
// reads the name on the wallet, in e-mails and on texts, so it is shown spelled right. The code, not
// the name, is what goes back to Paystack.
const SPELLING: [RegExp, string][] = [[/\bMircofinance\b/g, "Microfinance"]];

export function bankDisplayName(name: string): string {
  return SPELLING.reduce((n, [wrong, right]) => n.replace(wrong, right), name);
}
