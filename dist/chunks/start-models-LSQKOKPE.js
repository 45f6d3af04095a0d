import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{b as a,c as b}from"./chunk-SB55X6S6.js";import"./chunk-A75CFIJP.js";import"./chunk-STVPXXCP.js";import"./chunk-XX4OHDQP.js";import"./chunk-GC4KKHN5.js";import"./chunk-PFJPYZHA.js";import"./chunk-ZWPP4WY6.js";export{b as jobCancellation,a as startModels};
//# sourceMappingURL=start-models-LSQKOKPE.js.map
