import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{b as a,c as b}from"./chunk-TT2G5NBE.js";import"./chunk-KE3KR4D2.js";import"./chunk-6HEHHVBH.js";import"./chunk-IYIB6YH7.js";import"./chunk-ETRZR3R4.js";import"./chunk-CUXKA47D.js";import"./chunk-PFJPYZHA.js";import"./chunk-ZWPP4WY6.js";export{b as jobCancellation,a as startModels};
//# sourceMappingURL=start-models-BGQM6RSH.js.map
