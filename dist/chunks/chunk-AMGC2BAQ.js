import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{O as c,f as e}from"./chunk-YTL3LFW3.js";import{b as u}from"./chunk-PFJPYZHA.js";function S(t){return{type:"json_schema",schema:{...c(u(t,{reused:"ref"}))},parse:i=>{let o;try{o=JSON.parse(i)}catch(s){throw new e(`Failed to parse structured output as JSON: ${s instanceof Error?s.message:String(s)}`)}let r=t.safeParse(o);if(!r.success){let s=r.error.issues.slice(0,5).map(n=>`  - ${n.path.join(".")}: ${n.message}`).join(`
`),a=r.error.issues.length,m=a>5?`
  ... and ${a-5} more issue(s)`:"";throw new e(`Failed to parse structured output: ${r.error.message}
Validation issues:
${s}${m}`)}return r.data}}}export{S as a};
//# sourceMappingURL=chunk-AMGC2BAQ.js.map
