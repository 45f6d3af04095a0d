import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{a}from"./chunk-I6GLK7BL.js";import"./chunk-5THNKXAR.js";import"./chunk-TPI73ZTB.js";import"./chunk-PFJPYZHA.js";import"./chunk-ZWPP4WY6.js";export{a as readDefaultBranchFile};
//# sourceMappingURL=read-default-branch-file-QR3OYU24.js.map
