import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
var n=class extends Error{},a=class extends n{name="CallNotMade"},s=class extends Error{constructor(t,o,l="invalid",i=[]){super(t);this.usage=o;this.problem=l;this.issues=i}usage;problem;issues;name="ModelReplyError"};function p(e,r=8){let t=e.slice(0,r).map(o=>`${o.path.map(String).join(".")||"(root)"}: ${o.message}`);return e.length>r&&t.push(`\u2026 and ${e.length-r} more`),t}export{n as a,a as b,s as c,p as d};
//# sourceMappingURL=chunk-XX4OHDQP.js.map
