import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{b as a,c as b}from"./chunk-UTYCKBCN.js";import"./chunk-DT5HU42B.js";import"./chunk-NHT67FAC.js";import"./chunk-YEN4YRGA.js";import"./chunk-47A56WRY.js";import"./chunk-CUXKA47D.js";import"./chunk-PFJPYZHA.js";import"./chunk-ZWPP4WY6.js";export{b as jobCancellation,a as startModels};
//# sourceMappingURL=start-models-ZSIUGBHH.js.map
