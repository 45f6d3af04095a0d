import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{b as a,c as b}from"./chunk-2MX3EJXF.js";import"./chunk-S7B5WD7T.js";import"./chunk-STVPXXCP.js";import"./chunk-XJK34AG6.js";import"./chunk-GC4KKHN5.js";import"./chunk-PFJPYZHA.js";import"./chunk-ZWPP4WY6.js";export{b as jobCancellation,a as startModels};
//# sourceMappingURL=start-models-IAB663RC.js.map
