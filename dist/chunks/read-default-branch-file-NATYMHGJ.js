import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{a}from"./chunk-S3UKKJZT.js";import"./chunk-TM6YCCPC.js";import"./chunk-TPI73ZTB.js";import"./chunk-PFJPYZHA.js";import"./chunk-ZWPP4WY6.js";export{a as readDefaultBranchFile};
//# sourceMappingURL=read-default-branch-file-NATYMHGJ.js.map
