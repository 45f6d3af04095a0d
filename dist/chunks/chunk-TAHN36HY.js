import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{O as m,f as s}from"./chunk-YTL3LFW3.js";import{b as i}from"./chunk-PFJPYZHA.js";function c(r){return{type:"json_schema",schema:{...m(i(r,{reused:"ref"}))},parse:f=>{let n;try{n=JSON.parse(f)}catch(t){throw new s(`Failed to parse structured output as JSON: ${t instanceof Error?t.message:String(t)}`)}let e=r.safeParse(n);if(!e.success){let t=e.error.issues.slice(0,5).map(u=>`  - ${u.path.join(".")}: ${u.message}`).join(`
`),a=e.error.issues.length,d=a>5?`
  ... and ${a-5} more issue(s)`:"";throw new s(`Failed to parse structured output: ${e.error.message}
Validation issues:
${t}${d}`)}return e.data}}}var p=new WeakMap;function l(r){let o=p.get(r);return o||(o=c(r).schema,p.set(r,o)),o}export{l as a};
//# sourceMappingURL=chunk-TAHN36HY.js.map
