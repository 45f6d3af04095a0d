import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
var n=class extends Error{name="CallNotMade"},a=class extends Error{constructor(o,t,s="invalid",l=[]){super(o);this.usage=t;this.problem=s;this.issues=l}usage;problem;issues;name="ModelReplyError"};function i(e,r=8){let o=e.slice(0,r).map(t=>`${t.path.map(String).join(".")||"(root)"}: ${t.message}`);return e.length>r&&o.push(`\u2026 and ${e.length-r} more`),o}export{n as a,a as b,i as c};
//# sourceMappingURL=chunk-QAZZSK5Y.js.map
