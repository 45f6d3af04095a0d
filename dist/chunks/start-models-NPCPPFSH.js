import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{b as a,c as b}from"./chunk-TQ7YMEMQ.js";import"./chunk-SMXVYZPM.js";import"./chunk-X5BTVCHK.js";import"./chunk-IYIB6YH7.js";import"./chunk-VXCXRMVF.js";import"./chunk-CUXKA47D.js";import"./chunk-PFJPYZHA.js";import"./chunk-ZWPP4WY6.js";export{b as jobCancellation,a as startModels};
//# sourceMappingURL=start-models-NPCPPFSH.js.map
