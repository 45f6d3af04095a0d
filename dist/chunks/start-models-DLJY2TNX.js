import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{b as a,c as b}from"./chunk-WP4QM5YZ.js";import"./chunk-T7LES7DC.js";import"./chunk-STVPXXCP.js";import"./chunk-QAZZSK5Y.js";import"./chunk-GC4KKHN5.js";import"./chunk-PFJPYZHA.js";import"./chunk-ZWPP4WY6.js";export{b as jobCancellation,a as startModels};
//# sourceMappingURL=start-models-DLJY2TNX.js.map
