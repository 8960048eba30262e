// The built-in test provider's bank list: Nigerian banks, microfinance banks and payment service banks with
// the codes Paystack's GET /bank?country=nigeria gives them. Paystack's published example of that answer
// (PaystackOSS/doc-code-snippets, fixtures/bank-list.json here) holds five entries only, so this list is
// built from it, the banks its transfer examples name, and the banks musicians pay into most (the phone
// walk missed Jaiz, Heritage, Unity, Globus, Titan and Lotus). Live keys use Paystack's own list.
// Paystack's spellings are kept ("Mircofinance" is theirs); "Paycom" (999992) is OPay under its app's name.
export const TEST_BANKS = [
  { name: "9mobile 9Payment Service Bank", code: "120001" },
  { name: "Abbey Mortgage Bank", code: "801" },
  { name: "Access Bank", code: "044" },
  { name: "Access Bank (Diamond)", code: "063" },
  { name: "Airtel Smartcash PSB", code: "120004" },
  { name: "ALAT by WEMA", code: "035A" },
  { name: "Carbon", code: "565" },
  { name: "Citibank Nigeria", code: "023" },
  { name: "Coronation Merchant Bank", code: "559" },
  { name: "Ecobank Nigeria", code: "050" },
  { name: "Eyowo", code: "50126" },
  { name: "FairMoney Microfinance Bank", code: "51318" },
  { name: "Fidelity Bank", code: "070" },
  { name: "First Bank of Nigeria", code: "011" },
  { name: "First City Monument Bank", code: "214" },
  { name: "FSDH Merchant Bank Limited", code: "501" },
  { name: "Globus Bank", code: "00103" },
  { name: "GoMoney", code: "100022" },
  { name: "Guaranty Trust Bank", code: "058" },
  { name: "Heritage Bank", code: "030" },
  { name: "Hope PSB", code: "120002" },
  { name: "Infinity MFB", code: "50457" },
  { name: "Jaiz Bank", code: "301" },
  { name: "Keystone Bank", code: "082" },
  { name: "Kuda Bank", code: "50211" },
  { name: "Lotus Bank", code: "303" },
  { name: "Mint MFB", code: "50304" },
  { name: "Moniepoint MFB", code: "50515" },
  { name: "MTN Momo PSB", code: "120003" },
  { name: "Nova Bank", code: "561" },
  { name: "OPay Digital Services Limited (OPay)", code: "999992" },
  { name: "Optimus Bank Limited", code: "107" },
  { name: "Paga", code: "100002" },
  { name: "PalmPay", code: "999991" },
  { name: "Petra Mircofinance Bank Plc", code: "50746" },
  { name: "Polaris Bank", code: "076" },
  { name: "PremiumTrust Bank", code: "105" },
  { name: "Providus Bank", code: "101" },
  { name: "Rand Merchant Bank", code: "502" },
  { name: "Rubies MFB", code: "125" },
  { name: "Signature Bank Ltd", code: "106" },
  { name: "Sparkle Microfinance Bank", code: "51310" },
  { name: "Stanbic IBTC Bank", code: "221" },
  { name: "Standard Chartered Bank", code: "068" },
  { name: "Sterling Bank", code: "232" },
  { name: "Suntrust Bank", code: "100" },
  { name: "TAJ Bank", code: "302" },
  { name: "Tangerine Money", code: "51269" },
  { name: "Titan Bank", code: "102" },
  { name: "Union Bank of Nigeria", code: "032" },
  { name: "United Bank For Africa", code: "033" },
  { name: "Unity Bank", code: "215" },
  { name: "VFD Microfinance Bank Limited", code: "566" },
  { name: "Wema Bank", code: "035" },
  { name: "Zenith Bank", code: "057" },
] as const;

/** A transfer to this account number fails (transfer.failed), so the failure path can be tried by hand. */
export const TEST_FAILING_ACCOUNT_NUMBER = "0000000000";
/** This account number does not resolve, like a mistyped NUBAN. */
export const TEST_UNKNOWN_ACCOUNT_NUMBER = "9999999999";
