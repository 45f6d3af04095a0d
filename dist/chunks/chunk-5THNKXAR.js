import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{a as o}from"./chunk-TPI73ZTB.js";function i(s,r,n){let e=s.safeParse(r);if(!e.success){let t=e.error.issues[0];throw new Error(`GitHub's answer to ${n} is not shaped as documented: ${t?.path.join(".")||"(root)"}: ${t?.message}`)}return e.data}function a(s,r){return s instanceof o&&s.status===r}export{i as a,a as b};
//# sourceMappingURL=chunk-5THNKXAR.js.map
