import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{b as a,c as b}from"./chunk-5PFAG2W3.js";import"./chunk-F63RZIKD.js";import"./chunk-3BA6JZWM.js";import"./chunk-XJK34AG6.js";import"./chunk-CUXKA47D.js";import"./chunk-PFJPYZHA.js";import"./chunk-ZWPP4WY6.js";export{b as jobCancellation,a as startModels};
//# sourceMappingURL=start-models-TX5JAZUK.js.map
