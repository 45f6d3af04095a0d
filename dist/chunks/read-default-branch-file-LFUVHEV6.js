import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{a}from"./chunk-OM4C72VR.js";import"./chunk-NRAQ7K2U.js";import"./chunk-A5V5ZPXQ.js";import"./chunk-ILSOAQVU.js";import"./chunk-ZWPP4WY6.js";export{a as readDefaultBranchFile};
//# sourceMappingURL=read-default-branch-file-LFUVHEV6.js.map
