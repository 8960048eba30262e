import { maskContactDetails } from "./app/features/messaging/contact-mask";
import { knownBadStrings } from "./tests/security/hostile-values";
for (const s of knownBadStrings) { const t=performance.now(); maskContactDetails(s); const d=performance.now()-t; if (d>50) console.log(d.toFixed(0), JSON.stringify(s.slice(0,20)), s.length); }
